import { AppError } from '../../errors/index.ts';

/**
 * RFC 8707 at the token endpoint: every `resource` the request names must be the grant's
 * resource, and the grant's resource must be one this server issues tokens for (the MCP or the A2A
 * resource). Answers the invalid_target refusal, or undefined when the request may proceed.
 *
 * Does NOT cover: the authorization request's resource (checked by the authorization endpoint
 * when it creates the grant).
 */
export function checkResource(
  requested: readonly string[],
  grantResource: string,
  issuableResources: readonly string[],
): AppError | undefined {
  const other = requested.find((resource) => resource !== grantResource);
  if (other !== undefined) {
    return new AppError(
      'OAUTH_INVALID_TARGET',
      `resource "${other}" is not the resource this authorization was granted for (${grantResource}).`,
    );
  }
  if (!issuableResources.includes(grantResource)) {
    return new AppError(
      'OAUTH_INVALID_TARGET',
      `This authorization is for "${grantResource}", for which this server issues no tokens.`,
    );
  }
  return undefined;
}
