import parse from 'co-body';
import type { Context } from 'koa';
import { AppError } from '../../core/errors/index.ts';
import type { KoaCtx } from '../http/state.ts';

/**
 * Largest form the token and revocation endpoints read. Their requests are a handful of short
 * parameters (a code, a verifier, a refresh token or a JWT), far below this; anything bigger is
 * not a token request.
 */
const OAUTH_FORM_LIMIT_BYTES = 16 * 1024;

export interface OAuthForm {
  /** Each parameter sent once, with a non-empty value. */
  single: Record<string, string>;
  /** The parameters allowed to repeat, with every value. */
  repeated: Record<string, string[]>;
}

/**
 * Reads an RFC 6749 form body (`application/x-www-form-urlencoded`, section 3.2 / 4.1.3): another
 * content type or no body is invalid_request; a body over the limit is 413 (invalid_request);
 * a parameter sent more than once is invalid_request ("MUST NOT be included more than once"),
 * except the names in `repeatable` (RFC 8707 `resource`); a parameter without a value counts as
 * omitted (section 3.1). Query-string parameters are never read: credentials do not belong in URLs.
 *
 * Does NOT cover: which parameters are required or allowed (the procedures decide that) or a
 * charset other than UTF-8 (RFC 6749 appendix B: the form is UTF-8).
 */
export async function readOAuthForm(ctx: KoaCtx, repeatable: readonly string[] = []): Promise<OAuthForm> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    const type = ctx.get('Content-Type');
    throw new AppError(
      'OAUTH_INVALID_REQUEST',
      `The request must be a form (Content-Type: application/x-www-form-urlencoded); got ${type ? `"${type.slice(0, 100)}"` : 'no body'}.`,
    );
  }
  let text: string;
  try {
    text = await parse.text(ctx.req, { limit: OAUTH_FORM_LIMIT_BYTES, encoding: 'utf8' });
  } catch (error) {
    const { type, status } = error as { type?: string; status?: number };
    if (type === 'entity.too.large')
      throw new AppError('PAYLOAD_TOO_LARGE', `The form exceeds the limit of ${OAUTH_FORM_LIMIT_BYTES} bytes.`);
    if (typeof status === 'number' && status >= 400 && status < 500) {
      throw new AppError('OAUTH_INVALID_REQUEST', `The request body could not be read: ${(error as Error).message}.`);
    }
    throw error;
  }
  const single: Record<string, string> = {};
  const repeated: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (value === '') continue;
    if (repeatable.includes(name)) {
      (repeated[name] ??= []).push(value);
      continue;
    }
    if (seen.has(name))
      throw new AppError('OAUTH_INVALID_REQUEST', `The parameter "${name.slice(0, 100)}" was sent more than once.`);
    seen.add(name);
    single[name] = value;
  }
  return { single, repeated };
}

/**
 * The scheme of an Authorization header the client sent (`Basic`, ...), or undefined without one:
 * the token and revocation procedures refuse client authentication by public clients.
 */
export function authorizationScheme(ctx: Context): string | undefined {
  const header = ctx.get('Authorization').trim();
  if (header === '') return undefined;
  return header.split(/\s+/, 1)[0]!.slice(0, 100);
}
