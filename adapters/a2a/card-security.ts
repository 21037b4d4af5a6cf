import { a2aScopes } from '../../core/auth/scopes.ts';
import type { SiteUrls } from '../../core/context.ts';
import { oauthUrls } from '../../core/services/oauth/urls.ts';

/** The card's name of its one security scheme. */
const SCHEME = 'oauth2';

const SCOPE_DESCRIPTIONS: Record<(typeof a2aScopes)[number], string> = {
  'a2a:tasks':
    'Tasks you create belong to your grant: only your token reads, continues or lists them; anonymous callers and other grants are told they do not exist.',
};

/**
 * The card's security, in both versions' words on one card. The scheme is this service's OAuth 2.0
 * authorization code flow with PKCE, for the A2A resource (authorize and exchange with
 * resource={base_url}/v1/agent/a2a). Each scheme entry carries 0.3's OpenAPI-style fields (`type`,
 * `flows`, `oauth2MetadataUrl`) and 1.0's oneof member (`oauth2SecurityScheme`): 1.0 parsers read the
 * member and ignore the rest, 0.3 parsers read `type` (and a2a-js 0.3.x takes a scheme with `type`
 * as the JSON form, not the proto form). The requirements are alternatives, the token first and then
 * none: anonymous use stays allowed (OpenAPI's empty requirement, in 0.3's `security` and 1.0's
 * `securityRequirements`). Every skill is public, so no skill has requirements of its own.
 */
export function cardSecurity(urls: SiteUrls): Record<string, unknown> {
  const oauth = oauthUrls(urls);
  const scopes = Object.fromEntries(a2aScopes.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]]));
  const scheme = {
    description:
      'Optional. An OAuth 2.0 access token of this service for the A2A endpoint (resource ' +
      `${oauth.a2aResource}, scope ${a2aScopes.join(' ')}) makes the tasks you create private to your grant.`,
    flows: {
      authorizationCode: {
        authorizationUrl: oauth.authorizationEndpoint,
        tokenUrl: oauth.tokenEndpoint,
        refreshUrl: oauth.tokenEndpoint,
        scopes,
        pkceRequired: true,
      },
    },
    oauth2MetadataUrl: `${oauth.issuer}/.well-known/oauth-authorization-server`,
  };
  return {
    securitySchemes: { [SCHEME]: { type: 'oauth2', ...scheme, oauth2SecurityScheme: scheme } },
    security: [{ [SCHEME]: [...a2aScopes] }, {}],
    securityRequirements: [{ schemes: { [SCHEME]: { list: [...a2aScopes] } } }, {}],
  };
}
