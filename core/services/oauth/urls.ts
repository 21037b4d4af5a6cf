import type { SiteUrls } from '../../context.ts';

/**
 * Every URL of the authorization server and the protected resource, from {site_url} and
 * {base_url}. The issuer is {site_url} exactly (no trailing slash). Two protected resources (RFC
 * 8707 indicators, and so the access tokens' audiences): the MCP endpoint (`resource`, the default
 * when a request names none) and the A2A endpoint (`a2aResource`).
 */
export function oauthUrls(urls: SiteUrls) {
  return {
    issuer: urls.site,
    authorizationEndpoint: `${urls.base}/oauth/authorize`,
    tokenEndpoint: `${urls.base}/oauth/token`,
    registrationEndpoint: `${urls.base}/oauth/register`,
    revocationEndpoint: `${urls.base}/oauth/revoke`,
    jwksUri: `${urls.base}/v1/oauth/jwks`,
    serviceDocumentation: `${urls.base}/docs`,
    /** RFC 8707 resource indicator and RFC 9068 `aud` of access tokens. */
    resource: `${urls.base}/v1/mcp`,
    /** RFC 9728 metadata of the resource (the root form; the path-inserted form answers the same). */
    protectedResourceMetadata: `${urls.site}/.well-known/oauth-protected-resource`,
    /** The A2A endpoint as a protected resource: asked for with resource={this}, tokens with `aud` = this. */
    a2aResource: `${urls.base}/v1/agent/a2a`,
    /** RFC 9728 metadata of the A2A resource, in the path-inserted form only (the root form is MCP's). */
    a2aProtectedResourceMetadata: `${urls.site}/.well-known/oauth-protected-resource/api/v1/agent/a2a`,
  };
}
