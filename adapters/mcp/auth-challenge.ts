/** RFC 7230 quoted-string content: the values we put here are URLs and scope tokens, which never hold `"` or `\`. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/**
 * RFC 6750 + RFC 9728 challenge of a 401: where to discover the authorization server and what scope to
 * ask for (the connection's view decides both: view-challenge.ts). With a token that was presented and
 * refused, `error="invalid_token"` too; without one, no error code (RFC 6750 section 3.1).
 */
export function unauthorizedChallenge(resourceMetadata: string, presented: boolean, scope: string): string {
  const error = presented ? 'error="invalid_token", ' : '';
  return `Bearer ${error}resource_metadata=${quoted(resourceMetadata)}, scope=${quoted(scope)}`;
}

/**
 * The 403 step-up challenge (MCP authorization, scope challenge handling): `scope` lists the scopes
 * already granted plus the missing ones, so that a new authorization asks for everything the client
 * needs, not only the missing scope. No error_description: a client that scans the header for
 * `scope=` must not find it twice.
 */
export function insufficientScopeChallenge(
  resourceMetadata: string,
  granted: readonly string[],
  missing: readonly string[],
): string {
  const scope = [...new Set([...granted, ...missing])].join(' ');
  return `Bearer error="insufficient_scope", scope=${quoted(scope)}, resource_metadata=${quoted(resourceMetadata)}`;
}
