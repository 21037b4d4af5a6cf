import type { EntityManager } from '@mikro-orm/postgresql';
import type { SiteUrls } from '../../../context.ts';
import { AppError } from '../../../errors/index.ts';
import { isClientDocumentUrl } from '../client-document-url.ts';
import { findClient } from '../clients.query.ts';
import { documentClient, type DocumentClientCaller } from '../document-client.ts';
import { redirectUriMatches } from '../redirect-uri-policy.ts';
import { protectedResources } from '../protected-resources.ts';
import { oauthUrls } from '../urls.ts';
import { errorRedirect } from './authorization-response.ts';
import {
  MAX_STATE_LENGTH,
  redirectableChecks,
  requestedResource,
  requestedScopes,
  SINGLE_PARAMETERS,
} from './request-checks.ts';

/** A checked authorization request: what the login and consent steps work with. */
export interface AuthorizationRequest {
  clientId: string;
  clientName: string | null;
  /** A document client's logo (an https URL from its document); null otherwise. */
  clientLogoUri: string | null;
  /** A document client's host (where its metadata document is published, so who it is); null for a registered client. */
  clientHost: string | null;
  /** The redirect URI exactly as sent (it matched a registered one). */
  redirectUri: string;
  state: string;
  codeChallenge: string;
  /** The requested scopes (the client's registered scopes when `scope` was omitted). */
  scopes: string[];
  /** The RFC 8707 resource the grant will be for (the MCP resource when the request names none). */
  resource: string;
  /**
   * The request's own parameters as a query string, rebuilt from what was parsed (unknown
   * parameters dropped): what the login and consent forms carry, and the only place a sign-in
   * ever continues to is the authorization endpoint with this query.
   */
  query: string;
}

export type CheckedAuthorizationRequest =
  { valid: true; request: AuthorizationRequest } | { valid: false; location: string };

/** Longest client_id registration issues; a document client's URL is bounded by its own rule. */
const MAX_CLIENT_ID_LENGTH = 64;

interface KnownClient {
  clientName: string | null;
  redirectUris: string[];
  scope: string;
  logoUri: string | null;
  host: string | null;
}

/** The client a client_id names: a registered one (its row), or one known by its metadata document (fetched, checked, stored). */
async function knownClient(
  em: EntityManager,
  caller: DocumentClientCaller,
  clientId: string,
): Promise<KnownClient | null> {
  if (isClientDocumentUrl(clientId)) {
    const client = await documentClient(em, caller, clientId);
    return { ...client, logoUri: client.metadata.logo_uri ?? null, host: new URL(clientId).host };
  }
  const client = clientId.length <= MAX_CLIENT_ID_LENGTH ? await findClient(em, clientId) : null;
  return client
    ? {
        clientName: client.clientName ?? null,
        redirectUris: client.redirectUris,
        scope: client.scope,
        logoUri: null,
        host: null,
      }
    : null;
}

function unanswerable(message: string): AppError {
  return new AppError('AUTHORIZATION_REQUEST_INVALID', message);
}

/** The one value of a parameter that must be present exactly once, or the reason it is not. */
function exactlyOnce(parameters: URLSearchParams, name: string): string {
  const values = parameters.getAll(name);
  if (values.length === 0 || values[0] === '') throw unanswerable(`The authorization request has no ${name}.`);
  if (values.length > 1) throw unanswerable(`The authorization request has more than one ${name}.`);
  return values[0]!;
}

/**
 * Checks an authorization request (RFC 6749 section 4.1.1 with PKCE, RFC 8707 and this server's
 * rules; the query string as sent). Problems with `client_id` or `redirect_uri` cannot be
 * reported to the client without risking an open redirect, so they throw
 * AUTHORIZATION_REQUEST_INVALID for the browser to show (RFC 6749 section 4.1.2.1); every other
 * problem is answered as the error redirect to the client, with `state` when one was sent and
 * `iss` (RFC 9207).
 *
 * A client_id that is an http(s) URL names a client ID metadata document (document-client.ts): its
 * fetch or its checks failing is likewise shown, never redirected.
 *
 * Does NOT cover: who the user is or what they consent to (the login and consent steps), nor
 * whether the redirect URI is really the client's (nothing can know that for a public client:
 * the consent page shows its host so the user can judge).
 */
export async function checkAuthorizationRequest(
  em: EntityManager,
  urls: SiteUrls,
  query: string,
  /** The services, the request's client address and time: what a client known by its metadata document needs. */
  caller: DocumentClientCaller,
): Promise<CheckedAuthorizationRequest> {
  const parameters = new URLSearchParams(query);
  const clientId = exactlyOnce(parameters, 'client_id');
  const client = await knownClient(em, caller, clientId);
  if (!client)
    throw unanswerable('The application that sent you here (its client_id) is not registered with this server.');
  const redirectUri = exactlyOnce(parameters, 'redirect_uri');
  if (!client.redirectUris.some((registered) => redirectUriMatches(registered, redirectUri))) {
    throw unanswerable(
      'The address the application asked to return to (its redirect_uri) is not one it registered, so you are not sent there.',
    );
  }

  const { issuer } = oauthUrls(urls);
  const resources = protectedResources(urls);
  const clientScopes = client.scope.split(' ').filter((scope) => scope.length > 0);
  const states = parameters.getAll('state');
  const echoedState = states.length === 1 && states[0]!.length <= MAX_STATE_LENGTH ? states[0] || undefined : undefined;
  for (const check of redirectableChecks) {
    const failure = check({ parameters, clientScopes, resources });
    if (failure) return { valid: false, location: errorRedirect(redirectUri, issuer, failure, echoedState) };
  }

  // The checks passed, so the request names one of our resources (or none: MCP).
  const resource = requestedResource(parameters, resources)!;
  const kept = new URLSearchParams();
  for (const name of [...SINGLE_PARAMETERS, 'resource'])
    for (const value of parameters.getAll(name)) kept.append(name, value);
  return {
    valid: true,
    request: {
      clientId,
      clientName: client.clientName,
      clientLogoUri: client.logoUri,
      clientHost: client.host,
      redirectUri,
      state: parameters.get('state')!,
      codeChallenge: parameters.get('code_challenge')!,
      scopes: requestedScopes(parameters, clientScopes, resource),
      resource: resource.url,
      query: kept.toString(),
    },
  };
}
