import { z } from 'zod';

const uri = z.string().max(2000);

/**
 * RFC 7591 client metadata. Unknown members are ignored (section 2: "the authorization server
 * MUST ignore any client metadata it does not understand"); the optional descriptive ones are kept
 * and echoed.
 */
export const ZRegisterClientInput = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1, { message: 'at least one redirect URI is required' }).max(10),
  client_name: z.string().trim().min(1).max(200).optional(),
  /** Accepted as a synonym of client_name (spec 5.2). */
  name: z.string().trim().min(1).max(200).optional(),
  scope: z.string().max(500).optional(),
  grant_types: z.array(z.string().max(100)).max(5).optional(),
  response_types: z.array(z.string().max(100)).max(5).optional(),
  token_endpoint_auth_method: z.string().max(100).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  tos_uri: uri.optional(),
  policy_uri: uri.optional(),
  contacts: z.array(z.string().max(254)).max(10).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(100).optional(),
  /** Spec 5: identity-typed registrations are refused, so the member is read only to reject it. */
  identity_type: z.unknown().optional(),
  identity_types: z.unknown().optional(),
});

export type RegisterClientInput = z.infer<typeof ZRegisterClientInput>;
