import type { EndpointSigning } from './signing-key-columns.ts';
import { signatureSchemes, usesEd25519 } from './signature-schemes.ts';
import { newSigningKey } from './signing-key.ts';

/**
 * What a creation or PATCH asks about signing and payload, as the endpoint row stores it. Choosing
 * `v1a` brings a new key pair, which the row keeps only if it has none yet: a key is made when an
 * endpoint first needs one, never per delivery. The schemes are kept in one order (v1, v1a) whatever
 * order they were given in.
 */
export async function endpointSigningChoice(
  secretKey: () => Promise<Buffer>,
  endpointId: string,
  input: { signature_schemes?: readonly string[]; event_payload?: 'full' | 'thin' },
): Promise<EndpointSigning> {
  const schemes =
    input.signature_schemes && signatureSchemes.filter((scheme) => input.signature_schemes!.includes(scheme));
  return {
    schemes,
    eventPayload: input.event_payload,
    key: schemes && usesEd25519(schemes) ? newSigningKey(await secretKey(), endpointId) : undefined,
  };
}
