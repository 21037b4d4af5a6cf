/**
 * The one error catalogue. Every transport maps from here: HTTP status for REST,
 * JSON-RPC code for MCP and A2A, OAuth error for the OAuth endpoints.
 * JSON-RPC codes: the reserved -32700..-32600 range for envelope errors, -32000..-32099
 * (implementation-defined server errors) for the domain.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Correct the named parameter as described and send the request again.',
  },
  INVALID_REDIRECT_URI: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Register only redirect URIs this server accepts: https callbacks on an allowed client domain, a listed hosted agent callback, http://127.0.0.1:<port>/callback or http://localhost:<port>/callback, or an allowed private-use scheme.',
  },
  INVALID_CLIENT_METADATA: {
    status: 400,
    jsonRpc: -32602,
    resolution: 'Correct the named client metadata field (RFC 7591) and register again.',
  },
  MALFORMED_JSON: {
    status: 400,
    jsonRpc: -32700,
    resolution: 'Send a syntactically valid JSON document as the request body.',
  },
  UNAUTHORIZED: {
    status: 401,
    jsonRpc: -32001,
    resolution: 'Send valid credentials in the Authorization header.',
  },
  FORBIDDEN: {
    status: 403,
    jsonRpc: -32003,
    resolution: 'Use credentials that are allowed to perform this operation.',
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    jsonRpc: -32003,
    resolution: 'Obtain a token that also carries one of the scopes listed in details (required_scopes), with the user\'s consent, and retry once.',
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    jsonRpc: -32004,
    resolution: 'Check the identifier; list the collection to find valid identifiers.',
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    jsonRpc: -32601,
    resolution: 'Check the path against the API reference at /api/docs (machine-readable at /api/openapi.json).',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    jsonRpc: -32601,
    resolution: 'Use one of the methods listed in the Allow response header.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    jsonRpc: -32600,
    resolution: 'Accept one of the media types this endpoint produces (application/json).',
  },
  CONFLICT: {
    status: 409,
    jsonRpc: -32009,
    resolution: 'Reload the current state of the resource and resolve the conflict before retrying.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    jsonRpc: -32009,
    resolution: 'Use a new Idempotency-Key for a different request; reuse a key only to retry the identical request.',
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    status: 409,
    jsonRpc: -32009,
    resolution: 'Wait for the first request with this Idempotency-Key to finish, then retry after the Retry-After delay.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    jsonRpc: -32600,
    resolution: 'Send an Idempotency-Key of 1 to 128 visible ASCII characters (0x21-0x7E).',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    jsonRpc: -32600,
    resolution: 'Send a smaller request body; the limit is stated in the message.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    jsonRpc: -32600,
    resolution: 'Send the request body as JSON with the header Content-Type: application/json.',
  },
  RATE_LIMITED: {
    status: 429,
    jsonRpc: -32029,
    resolution: 'Wait for the number of seconds in the Retry-After header before sending more requests.',
  },
  INTERNAL_ERROR: {
    status: 500,
    jsonRpc: -32603,
    resolution: 'Retry later. If the problem persists, report it with the request id quoted in the message.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    jsonRpc: -32050,
    resolution: 'The service cannot reach its database; retry shortly. It recovers by itself once the database is back.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    jsonRpc: -32050,
    resolution: 'Retry later.',
  },
} as const satisfies Record<string, { status: number; jsonRpc: number; resolution: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
