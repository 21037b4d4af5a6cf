import type { ConsentPage, LoginPage } from '../../../domain/oauth/authorization-pages.schema.ts';
import type { AuthorizationRequest } from './authorization-request.ts';
import { consentScopes, roleMayGrantWrites } from './consent-scopes.ts';
import { formToken } from './form-token.ts';
import type { MemberBusiness } from './member-businesses.query.ts';
import type { SignedInUser } from './browser-sessions.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether the redirect URI is an http callback on this computer (RFC 8252 loopback). */
function isLoopbackRedirect(redirectUri: string): boolean {
  const url = new URL(redirectUri);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** The host the user is sent back to (a loopback port included), or the scheme of a private-use URI. */
function redirectHost(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.host || url.protocol;
}

function pending(
  formKey: Buffer,
  request: AuthorizationRequest,
  browserKey: string,
  purpose: 'sign-in' | 'consent',
  now: Date,
) {
  return {
    request: request.query,
    form_token: formToken(formKey, browserKey, purpose, request.query, now),
    client_name: request.clientName,
    client_logo_uri: request.clientLogoUri,
    client_host: request.clientHost,
    redirect_uri: request.redirectUri,
    redirect_host: redirectHost(request.redirectUri),
    loopback_redirect: isLoopbackRedirect(request.redirectUri),
  };
}

/** `formKey`: the server's form-token key (CoreServices.oauth.formTokenKey). */
export function loginPage(
  formKey: Buffer,
  request: AuthorizationRequest,
  browserKey: string,
  now: Date,
  extra: { email?: string; error?: string } = {},
): LoginPage {
  return { ...pending(formKey, request, browserKey, 'sign-in', now), ...extra };
}

/** The consent page: write scopes are offered when at least one of the user's businesses lets them grant writes. */
export function consentPage(
  formKey: Buffer,
  request: AuthorizationRequest,
  browserKey: string,
  now: Date,
  user: SignedInUser,
  businesses: MemberBusiness[],
): ConsentPage {
  const choices = businesses.map((business) => ({
    id: business.id,
    name: business.name,
    writes_allowed: roleMayGrantWrites(business.role),
  }));
  return {
    ...pending(formKey, request, browserKey, 'consent', now),
    user: { name: user.name, email: user.email },
    businesses: choices,
    scopes: consentScopes(
      request.scopes,
      choices.some((business) => business.writes_allowed),
    ),
  };
}
