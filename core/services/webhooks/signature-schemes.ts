/** The Standard Webhooks signature identifiers an endpoint may choose. */
export const signatureSchemes = ['v1', 'v1a'] as const;
export type SignatureScheme = (typeof signatureSchemes)[number];

/** What an endpoint signs with when it chose nothing: HMAC, as every endpoint did before v1a existed. */
export const DEFAULT_SIGNATURE_SCHEMES: readonly SignatureScheme[] = ['v1'];

/** The stored `signature_schemes` (a JSON array; text from some drivers), read defensively. */
export function storedSchemes(value: unknown): SignatureScheme[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [...DEFAULT_SIGNATURE_SCHEMES];
  const known = signatureSchemes.filter((scheme) => list.includes(scheme));
  return known.length > 0 ? known : [...DEFAULT_SIGNATURE_SCHEMES];
}

/** Whether `v1a` signs: the endpoint then needs a key pair. */
export const usesEd25519 = (schemes: readonly string[]): boolean => schemes.includes('v1a');
