import type { ProtectedResource } from '../protected-resources.ts';
import type { AuthorizationErrorResponse } from './authorization-response.ts';

/**
 * The checks of an authorization request that are answered by redirecting to the client (RFC
 * 6749 section 4.1.2.1), run once the client and its redirect URI are known to be good. Each looks
 * at one thing and answers the error to send back, or undefined; together they run in the order of
 * `redirectableChecks`, and the first failure wins.
 */
interface RequestUnderCheck {
  /** Every value of every parameter, as sent. */
  parameters: URLSearchParams;
  /** The client's registered scopes. */
  clientScopes: readonly string[];
  /** The RFC 8707 resources this server issues tokens for, MCP first (the one implied when none is named). */
  resources: readonly ProtectedResource[];
}

export type RequestCheck = (request: RequestUnderCheck) => AuthorizationErrorResponse | undefined;

/** Parameters that must appear at most once (RFC 6749 section 3.1). `resource` may repeat (RFC 8707 section 2). */
export const SINGLE_PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/** Long enough for any real client's state (often a JWT), short enough to echo in a URL. */
export const MAX_STATE_LENGTH = 2000;

/** RFC 7636 section 4.2: 43 to 128 characters of [A-Za-z0-9-._~]. */
const CODE_CHALLENGE = /^[\w\-.~]{43,128}$/;

const invalidRequest = (description: string): AuthorizationErrorResponse => ({ error: 'invalid_request', description });

const checkNoRepeatedParameter: RequestCheck = ({ parameters }) => {
  const repeated = SINGLE_PARAMETERS.find((name) => parameters.getAll(name).length > 1);
  return repeated ? invalidRequest(`The parameter ${repeated} was sent more than once.`) : undefined;
};

const checkResponseType: RequestCheck = ({ parameters }) => {
  const responseType = parameters.get('response_type');
  if (responseType === null || responseType === '')
    return invalidRequest('The parameter response_type is missing (send response_type=code).');
  return responseType === 'code'
    ? undefined
    : {
        error: 'unsupported_response_type',
        description: 'Only response_type=code (the authorization code flow) is supported.',
      };
};

/**
 * `state` is required. RFC 6749 only recommends it, but the spec (5.3) has clients send a random
 * one, and a client without it has no CSRF protection of its redirect URI; refusing early tells
 * its developer. The error redirect then carries no state, since there is none to echo.
 */
const checkState: RequestCheck = ({ parameters }) => {
  const state = parameters.get('state');
  if (state === null || state === '')
    return invalidRequest('The parameter state is required: send a fresh random value and check it on return.');
  return state.length > MAX_STATE_LENGTH
    ? invalidRequest(`The parameter state is longer than ${MAX_STATE_LENGTH} characters.`)
    : undefined;
};

/** PKCE (RFC 7636) with S256 only: `plain` and a missing method are refused (OAuth 2.1, spec 5). */
const checkCodeChallengeMethod: RequestCheck = ({ parameters }) => {
  const method = parameters.get('code_challenge_method');
  if (method === 'S256') return undefined;
  if (method === null || method === '')
    return invalidRequest('PKCE S256 is required: send code_challenge_method=S256 with a code_challenge.');
  if (method === 'plain')
    return invalidRequest('PKCE S256 is required: the plain code_challenge_method is not accepted.');
  return invalidRequest('PKCE S256 is required: code_challenge_method must be S256.');
};

const checkCodeChallenge: RequestCheck = ({ parameters }) => {
  const challenge = parameters.get('code_challenge');
  if (challenge === null || challenge === '')
    return invalidRequest('PKCE S256 is required: the parameter code_challenge is missing.');
  return CODE_CHALLENGE.test(challenge)
    ? undefined
    : invalidRequest(
        'The code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9 and - . _ ~ (the base64url SHA-256 of the code verifier).',
      );
};

/**
 * The resource a request is for: the one its `resource` parameters name (RFC 8707 allows several; a
 * grant here is for one resource, so they must all be the same), the MCP resource when it names none,
 * undefined when it names another URL or two different ones.
 */
export function requestedResource(
  parameters: URLSearchParams,
  resources: readonly ProtectedResource[],
): ProtectedResource | undefined {
  const named = [...new Set(parameters.getAll('resource'))];
  if (named.length === 0) return resources[0];
  return named.length === 1 ? resources.find((resource) => resource.url === named[0]) : undefined;
}

/** RFC 8707: the `resource` parameters name one of this server's resources (omitted, the MCP resource is implied). */
const checkResource: RequestCheck = ({ parameters, resources }) =>
  requestedResource(parameters, resources)
    ? undefined
    : {
        error: 'invalid_target',
        description: `The resources this server issues tokens for are ${resources.map((resource) => resource.url).join(' and ')}, one per authorization.`,
      };

/**
 * The requested scopes: the `scope` parameter's distinct tokens, or, when it is omitted, the client's
 * registered scopes that belong to the requested resource.
 */
export function requestedScopes(
  parameters: URLSearchParams,
  clientScopes: readonly string[],
  resource: ProtectedResource | undefined,
): string[] {
  const scope = parameters.get('scope');
  if (scope === null) return clientScopes.filter((registered) => resource?.scopes.includes(registered) ?? true);
  return [...new Set(scope.split(' ').filter((entry) => entry.length > 0))];
}

/** Every requested scope must be a scope of the requested resource, and one the client registered. */
const checkScope: RequestCheck = ({ parameters, clientScopes, resources }) => {
  const resource = requestedResource(parameters, resources)!;
  const scopes = requestedScopes(parameters, clientScopes, resource);
  if (scopes.length === 0) return { error: 'invalid_scope', description: 'The scope parameter names no scope.' };
  if (scopes.some((scope) => !resource.scopes.includes(scope))) {
    const other = resources.find(
      (candidate) => candidate !== resource && scopes.some((scope) => candidate.scopes.includes(scope)),
    );
    return {
      error: 'invalid_scope',
      description: other
        ? `The scope parameter names a scope of ${other.url}: ask for it with resource=${other.url}, in an authorization of its own (known scopes of ${resource.url}: ${resource.scopes.join(' ')}).`
        : `The scope parameter names a scope this server does not know (known scopes: ${resource.scopes.join(' ')}).`,
    };
  }
  if (scopes.some((scope) => !clientScopes.includes(scope))) {
    return {
      error: 'invalid_scope',
      description: `The scope parameter asks for more than this client registered (${clientScopes.join(' ')}).`,
    };
  }
  return undefined;
};

export const redirectableChecks: readonly RequestCheck[] = [
  checkNoRepeatedParameter,
  checkResponseType,
  checkState,
  checkCodeChallengeMethod,
  checkCodeChallenge,
  checkResource,
  checkScope,
];
