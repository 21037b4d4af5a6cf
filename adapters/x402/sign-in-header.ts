import type { PresentedSignIn } from '../../core/services/purchase/purchase.ts';

/** Longer than any real proof (about 1 KiB; an EIP-1271 signature may add a few): a bound on what core decodes. */
const MAX_HEADER_LENGTH = 8192;

/**
 * The SIGN-IN-WITH-X header (x402 `sign-in-with-x`: base64 JSON), counted on its distinct values
 * (Node joins repeats) and bounded; its content is checked by core. HEAD never signs in.
 */
export function readSignInHeader(method: string, values: string[] | undefined): PresentedSignIn | undefined {
  if (method === 'HEAD' || values === undefined) return undefined;
  if (values.length > 1)
    return { kind: 'malformed', reason: `send one SIGN-IN-WITH-X header; this request has ${values.length}` };
  const header = values[0]!;
  if (header.length > MAX_HEADER_LENGTH)
    return { kind: 'malformed', reason: `the SIGN-IN-WITH-X header is longer than ${MAX_HEADER_LENGTH} characters` };
  return { kind: 'present', header };
}
