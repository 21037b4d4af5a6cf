import { z } from 'zod';

/** RFC 7009 section 2.1 revocation request, as the form carried it (see ZTokenRequest for why all optional). */
export const ZRevokeTokenRequest = z.object({
  token: z.string().max(20_000).optional(),
  /** Only an optimisation in RFC 7009; ignored, whatever it says. */
  token_type_hint: z.string().max(100).optional(),
  client_id: z.string().max(512).optional(),
  client_secret: z.string().max(1000).optional(),
  client_assertion: z.string().max(20_000).optional(),
  client_assertion_type: z.string().max(500).optional(),
  client_authentication_scheme: z
    .string()
    .max(100)
    .optional()
    .describe('The scheme of an HTTP Authorization header the client sent, set by the transport.'),
});

/** Nothing: the endpoint answers 200 with an empty body whatever happened to the token. */
export const ZRevokeTokenResponse = z.object({});
