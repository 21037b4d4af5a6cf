import { createHash } from 'node:crypto';
import { classifyError, errorMessage, originalError, type ErrorMessage } from '../../core/errors/index.ts';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../core/services/idempotency/policy.ts';
import { canonicalJson } from '../../core/domain/canonical-json.ts';
import type { KoaCtx } from './state.ts';

/** An HTTP answer as data: what an endpoint answers, and what a key stores and replays. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The request a key is checked against. */
export interface IdempotentRequest {
  /**
   * The endpoint the key belongs to, e.g. "POST /api/v1/agent/a2a": keys are scoped per caller
   * (core takes the owner from the context: core/services/idempotency/owner.ts)
   * and per endpoint, so one caller may use one key once at each.
   */
  scope: string;
  /** The parsed JSON body (compared canonically: key order and spacing do not matter). */
  body: unknown;
  /** Request headers whose values change the answer (A2A: "A2A-Version"): a different value is a different request. */
  vary?: readonly string[];
}

/** Shapes the refusal of an invalid key (the A2A endpoint: an ErrorMessage that is also a JSON-RPC error). */
type ErrorAnswerFormat = (message: ErrorMessage, headers: Record<string, string>) => HttpAnswer;

export interface IdempotencyOptions {
  /** How the 400 for an invalid key is written; default: a plain ErrorMessage. */
  formatError?: ErrorAnswerFormat;
}

const HEADER = 'idempotency-key';

/** The helper's default error answer: the ErrorMessage as JSON, never cached. */
function errorMessageAnswer(message: ErrorMessage, headers: Record<string, string>): HttpAnswer {
  return {
    status: message.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(message),
  };
}

/** A character for a message: itself when visible, else its code point. */
function describeCharacter(character: string): string {
  const code = character.codePointAt(0)!;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code > 0x20 && code < 0x7f ? `"${character}"` : point;
}

/**
 * The key of the request: absent, present and valid (spec 2.10: 1 to 128 characters, each visible
 * ASCII 0x21 to 0x7E), or a refusal that names the rule broken. Node joins repeated headers, so
 * repeats are counted on the distinct values. Node reads header bytes as Latin-1, so any non-ASCII
 * byte is a character above 0x7E here; it drops leading and trailing spaces and tabs itself.
 */
export function readKey(ctx: KoaCtx): { key?: string; refusal?: string } {
  const values = ctx.req.headersDistinct[HEADER];
  if (values === undefined) return {};
  if (values.length > 1) return { refusal: `Send one Idempotency-Key header; this request has ${values.length}.` };
  const key = values[0]!;
  if (key.length === 0) return { refusal: 'The Idempotency-Key header is empty; a key is 1 to 128 characters.' };
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return {
      refusal: `The Idempotency-Key header is ${key.length} characters long; a key is at most ${IDEMPOTENCY_KEY_MAX_LENGTH}.`,
    };
  }
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    if (code < 0x21 || code > 0x7e) {
      return {
        refusal: `The Idempotency-Key header has ${describeCharacter(key[index]!)} at position ${index + 1}; a key holds only visible ASCII characters (0x21 to 0x7E).`,
      };
    }
  }
  return { key };
}

/**
 * The 400 answer (IDEMPOTENCY_KEY_INVALID) when the request carries an Idempotency-Key that is not
 * valid, else undefined: lets an endpoint refuse a bad key before it reads the body.
 */
export function checkIdempotencyKeyHeader(ctx: KoaCtx, options: IdempotencyOptions = {}): HttpAnswer | undefined {
  const { refusal } = readKey(ctx);
  if (refusal === undefined) return undefined;
  return (options.formatError ?? errorMessageAnswer)(errorMessage('IDEMPOTENCY_KEY_INVALID', refusal), {});
}

/**
 * The request's fingerprint: hex SHA-256 of its method, path and query, the `vary` headers, and
 * its body (canonical JSON). Throws RangeError for a JSON body nested too deeply
 * to walk.
 */
export function requestFingerprint(ctx: KoaCtx, request: IdempotentRequest): string {
  const hash = createHash('sha256');
  hash.update(`${ctx.method}\n${ctx.originalUrl}\n`);
  for (const name of request.vary ?? []) hash.update(`${name.toLowerCase()}:${ctx.get(name)}\n`);
  if (request.body === undefined) hash.update('none\n');
  else hash.update(`json\n${canonicalJson(request.body)}`);
  return hash.digest('hex');
}

/**
 * The request's valid Idempotency-Key with its fingerprint (null for a JSON body nested too deeply
 * to walk), for an endpoint whose core service keeps the key itself (A2A); undefined without a key.
 * Call it after checkIdempotencyKeyHeader refused an invalid one.
 */
export function idempotencyKeyUse(
  ctx: KoaCtx,
  request: IdempotentRequest,
): { scope: string; key: string; fingerprint: string | null } | undefined {
  const { key } = readKey(ctx);
  if (key === undefined) return undefined;
  let fingerprint: string | null;
  try {
    fingerprint = requestFingerprint(ctx, request);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    fingerprint = null;
  }
  return { scope: request.scope, key, fingerprint };
}

/** An error of the idempotency machinery itself (a refusal, or a database failure) as a plain ErrorMessage answer. */
export function failureAnswer(ctx: KoaCtx, error: unknown): HttpAnswer {
  const classified = classifyError(error, ctx.state.requestId);
  if (classified.unexpected) ctx.state.log.error({ err: originalError(error) }, 'idempotency key check failed');
  return errorMessageAnswer(classified.body, classified.headers);
}

/** Writes an HttpAnswer as the response, its body exactly as given. */
export function writeHttpAnswer(ctx: KoaCtx, answer: HttpAnswer): void {
  ctx.status = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.body = answer.body;
}
