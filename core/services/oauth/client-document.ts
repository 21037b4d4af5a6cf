import { createHash } from 'node:crypto';
import { oauthScopes } from '../../auth/scopes.ts';
import { AppError } from '../../errors/index.ts';
import { storableText } from '../sql/storable-text.ts';
import { checkRedirectUri, redirectUriCharacterProblem, type RedirectUriPolicy } from './redirect-uri-policy.ts';

/** What a registration without `scope` gets; a document without one (or naming none of ours) gets the same. */
const DEFAULT_SCOPE = 'mcp:read mcp:customers:write mcp:jobs:write';
const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token'];
/** Symmetric client authentication needs a shared secret, which a published document cannot carry (draft section 4.1). */
const SECRET_FIELDS = ['client_secret', 'client_secret_expires_at'];
/** Enough for any real client; each one is checked against the redirect policy at every fetch. */
const MAX_REDIRECT_URIS = 20;
/** The column's width. */
const MAX_CLIENT_NAME_LENGTH = 200;
const MAX_URI_LENGTH = 2000;

/** A client known by its metadata document, checked: what the client row stores. */
export interface DocumentClient {
  /** The document's URL, which is the client_id. */
  clientId: string;
  clientName: string;
  redirectUris: string[];
  scope: string;
  grantTypes: string[];
  /** The descriptive fields kept: `logo_uri` (https only) and `client_uri`. */
  metadata: Record<string, string>;
  /** SHA-256 of the checked metadata: a changed document is stored again, an unchanged one is not. */
  fingerprint: string;
  /** What the document lists that this server left out, for the operator's log (not stored). */
  ignored: IgnoredEntries;
}

/**
 * A document is written once for every server it may meet: a redirect URI this server does not
 * accept (with the reason and the variable that would allow it) or a grant type it does not offer
 * (VS Code lists the device-code grant) is left out, not a reason to refuse the client.
 */
interface IgnoredEntries {
  redirectUris: Array<{ uri: string; reason: string }>;
  grantTypes: string[];
}

function invalid(message: string): AppError {
  return new AppError('CLIENT_METADATA_DOCUMENT_INVALID', `The application's client metadata document ${message}.`);
}

/** An https URL without user information, in visible ASCII, or undefined: what a logo or home page may be. */
function httpsUri(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_URI_LENGTH || redirectUriCharacterProblem(value))
    return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function stringArray(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string'))
    throw invalid(`has a "${field}" that is not a list of strings`);
  return value as string[];
}

/** A document's string as a message or log line may quote it: bounded, visible ASCII only. */
function visible(value: string, length: number): string {
  return value.slice(0, length).replace(/[^\x20-\x7e]/g, '?');
}

function checkedRedirectUris(value: unknown, policy: RedirectUriPolicy, ignored: IgnoredEntries): string[] {
  const uris = stringArray(value, 'redirect_uris');
  if (!uris || uris.length === 0) throw invalid('has no redirect_uris');
  if (uris.length > MAX_REDIRECT_URIS) throw invalid(`lists more than ${MAX_REDIRECT_URIS} redirect_uris`);
  const accepted: string[] = [];
  for (const uri of new Set(uris)) {
    const verdict = checkRedirectUri(uri, policy);
    if (verdict.accepted) accepted.push(uri);
    else ignored.redirectUris.push({ uri: visible(uri, 200), reason: verdict.reason });
  }
  if (accepted.length === 0)
    throw invalid(
      `lists no redirect URI this server accepts (${ignored.redirectUris.map(({ uri, reason }) => `"${uri}": it ${reason}`).join('; ')})`,
    );
  return accepted;
}

function checkedGrantTypes(value: unknown, ignored: IgnoredEntries): string[] {
  const grantTypes = [...new Set(stringArray(value, 'grant_types') ?? SUPPORTED_GRANT_TYPES)];
  ignored.grantTypes.push(
    ...grantTypes.filter((grant) => !SUPPORTED_GRANT_TYPES.includes(grant)).map((grant) => visible(grant, 100)),
  );
  if (!grantTypes.includes('authorization_code')) throw invalid('has grant_types without authorization_code');
  return grantTypes.filter((grant) => SUPPORTED_GRANT_TYPES.includes(grant)).sort();
}

/**
 * The scopes the client may ask for: the document's `scope` names scopes of many servers, so only
 * this server's are kept; none of them (or no `scope`) means the registration default.
 */
function checkedScope(value: unknown): string {
  if (value === undefined) return DEFAULT_SCOPE;
  if (typeof value !== 'string') throw invalid('has a "scope" that is not a string');
  const ours = [...new Set(value.split(' '))].filter((scope) => (oauthScopes as readonly string[]).includes(scope));
  return ours.length > 0 ? ours.join(' ') : DEFAULT_SCOPE;
}

/**
 * Checks a fetched client ID metadata document (draft-ietf-oauth-client-id-metadata-document
 * section 4, MCP 2026-07-28 "Client ID Metadata Documents") for the client_id `url` and answers the
 * client it describes: a JSON object whose `client_id` equals the URL exactly; a `client_name`; no
 * client secret; `token_endpoint_auth_method` `none` or absent (this server has public clients
 * only; `private_key_jwt` would need the client's keys, which are not supported); at least one of
 * its `redirect_uris` accepted by the SAME policy as registration (OAUTH_REDIRECT_HOSTS, the hosted
 * callbacks, the loopback rules), the others left out; `authorization_code` among its grant types
 * (others this server does not offer left out); response type `code`. What is left out is in
 * `ignored`, for the log. `logo_uri` and `client_uri` are
 * kept only as https URLs (dropped otherwise: a bad logo does not stop the user from deciding).
 * `client_name` is made storable (storableText: NUL and unpaired surrogates replaced by U+FFFD).
 * Throws CLIENT_METADATA_DOCUMENT_INVALID naming the first problem.
 */
export function checkClientDocument(url: string, body: unknown, policy: RedirectUriPolicy): DocumentClient {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('is not a JSON object');
  const document = body as Record<string, unknown>;
  if (document.client_id !== url)
    throw invalid(
      typeof document.client_id === 'string'
        ? 'names another client_id than its own URL (they must be equal, character for character)'
        : 'has no client_id (it must equal the URL of the document)',
    );
  const secret = SECRET_FIELDS.find((field) => document[field] !== undefined);
  if (secret) throw invalid(`contains ${secret}, which a published document must never carry`);
  const method = document.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    throw invalid(
      `asks for token_endpoint_auth_method ${JSON.stringify(String(method).slice(0, 50))}: this server supports public clients only ("none")`,
    );
  const name = document.client_name;
  if (typeof name !== 'string' || name.trim() === '') throw invalid('has no client_name');
  if (name.length > MAX_CLIENT_NAME_LENGTH)
    throw invalid(`has a client_name longer than ${MAX_CLIENT_NAME_LENGTH} characters`);
  const responseTypes = stringArray(document.response_types, 'response_types') ?? ['code'];
  if (responseTypes.some((type) => type !== 'code')) throw invalid('asks for a response type other than "code"');
  const ignored: IgnoredEntries = { redirectUris: [], grantTypes: [] };
  const redirectUris = checkedRedirectUris(document.redirect_uris, policy, ignored);
  const grantTypes = checkedGrantTypes(document.grant_types, ignored);
  const scope = checkedScope(document.scope);
  const metadata: Record<string, string> = {};
  for (const field of ['logo_uri', 'client_uri']) {
    const uri = httpsUri(document[field]);
    if (uri) metadata[field] = uri;
  }
  // The one free text of the document that is stored (the other fields are checked URIs and known
  // words): a NUL or a lone surrogate escape would fail the row's insert, so they are replaced.
  const clientName = storableText(name.trim(), MAX_CLIENT_NAME_LENGTH);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(['metadata-document', url, clientName, redirectUris, scope, grantTypes, metadata]))
    .digest('hex');
  return { clientId: url, clientName, redirectUris, scope, grantTypes, metadata, fingerprint, ignored };
}
