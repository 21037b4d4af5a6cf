import { createHash } from 'node:crypto';
import { oauthScopes } from '../../auth/scopes.ts';
import { AppError } from '../../errors/index.ts';
import type { RegisterClientInput } from '../../domain/oauth/client-registration.schema.ts';
import { checkRedirectUri, type RedirectUriPolicy } from './redirect-uri-policy.ts';

const DEFAULT_CLIENT_SCOPE = 'mcp:read mcp:customers:write mcp:jobs:write';
const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token'];
/** Spec 5: these identity types are neither published nor accepted. */
const REFUSED_IDENTITY_TYPES = ['identity_assertion', 'verified_email', 'anonymous', 'service_auth'];
const DESCRIPTIVE_FIELDS = [
  'client_uri',
  'logo_uri',
  'tos_uri',
  'policy_uri',
  'contacts',
  'software_id',
  'software_version',
] as const;

export interface ClientMetadata {
  clientName: string | null;
  redirectUris: string[];
  scope: string;
  grantTypes: string[];
  responseTypes: string[];
  metadata: Record<string, string | string[]>;
}

function invalid(field: string, message: string): AppError {
  return new AppError('INVALID_CLIENT_METADATA', `Invalid client metadata "${field}": ${message}`, {
    details: [{ parameter: field, code: 'invalid_client_metadata', message, path: [field] }],
  });
}

/**
 * Checks a registration against what this server supports (public clients, Authorization Code +
 * PKCE, the MCP scopes, the redirect URI policy) and answers it normalised. Each refusal names the
 * field, with the RFC 7591 error it belongs to.
 */
/** A URI as an error message may quote it: characters outside visible ASCII written as \u{hex}, so no CR or LF reaches a message. */
function shownUri(uri: string): string {
  return uri.replace(/[^\x20-\x7e]/gu, (character) => `\\u{${character.codePointAt(0)!.toString(16)}}`);
}

export function normaliseClientMetadata(input: RegisterClientInput, policy: RedirectUriPolicy): ClientMetadata {
  for (const field of ['identity_type', 'identity_types'] as const) {
    if (input[field] === undefined) continue;
    const named = [input[field]].flat().filter((value) => typeof value === 'string');
    const refused = named.find((value) => REFUSED_IDENTITY_TYPES.includes(value as string));
    throw invalid(
      field,
      refused ? `the identity type "${refused}" is not supported` : 'identity-typed registrations are not supported',
    );
  }
  input.redirect_uris.forEach((uri, index) => {
    const verdict = checkRedirectUri(uri, policy);
    if (!verdict.accepted) {
      throw new AppError('INVALID_REDIRECT_URI', `Invalid redirect URI "${shownUri(uri)}": it ${verdict.reason}.`, {
        details: [
          {
            parameter: `redirect_uris.${index}`,
            code: 'invalid_redirect_uri',
            message: verdict.reason,
            path: ['redirect_uris', index],
          },
        ],
      });
    }
  });
  if (input.token_endpoint_auth_method !== undefined && input.token_endpoint_auth_method !== 'none') {
    throw invalid('token_endpoint_auth_method', 'only public clients are supported: use "none"');
  }
  const grantTypes = input.grant_types ?? SUPPORTED_GRANT_TYPES;
  const unsupportedGrant = grantTypes.find((grant) => !SUPPORTED_GRANT_TYPES.includes(grant));
  if (unsupportedGrant)
    throw invalid(
      'grant_types',
      `"${unsupportedGrant}" is not supported (supported: ${SUPPORTED_GRANT_TYPES.join(', ')})`,
    );
  if (!grantTypes.includes('authorization_code')) throw invalid('grant_types', 'must include authorization_code');
  const responseTypes = input.response_types ?? ['code'];
  if (responseTypes.length !== 1 || responseTypes[0] !== 'code')
    throw invalid('response_types', 'only ["code"] is supported');
  const scopes = (input.scope ?? DEFAULT_CLIENT_SCOPE).split(' ').filter((scope) => scope.length > 0);
  const unknownScope = scopes.find((scope) => !(oauthScopes as readonly string[]).includes(scope));
  if (unknownScope !== undefined)
    throw invalid('scope', `"${unknownScope}" is not a scope of this server (${oauthScopes.join(', ')})`);
  if (scopes.length === 0) throw invalid('scope', 'must name at least one scope');
  const metadata: Record<string, string | string[]> = {};
  for (const field of DESCRIPTIVE_FIELDS) if (input[field] !== undefined) metadata[field] = input[field];
  return {
    clientName: input.client_name ?? input.name ?? null,
    redirectUris: [...new Set(input.redirect_uris)],
    scope: [...new Set(scopes)].join(' '),
    grantTypes: [...new Set(grantTypes)].sort(),
    responseTypes,
    metadata,
  };
}

/** Identical registrations (same metadata, in any order) share one client: SHA-256 of the canonical form. */
export function clientFingerprint(metadata: ClientMetadata): string {
  const canonical = JSON.stringify([
    metadata.clientName,
    [...metadata.redirectUris].sort(),
    metadata.scope.split(' ').sort(),
    metadata.grantTypes,
    metadata.responseTypes,
    Object.entries(metadata.metadata).sort(([a], [b]) => a.localeCompare(b)),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
