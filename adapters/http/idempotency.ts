import { createHash } from 'node:crypto';
import { classifyError, errorMessage, originalError, type ErrorMessage } from '../../core/errors/index.ts';
import type { AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_MAX_STORED_BODY,
  keptForReplay,
} from '../../core/services/idempotency/policy.ts';
import { canonicalJson } from './canonical-json.ts';
import type { ProcedureAccess } from './procedure-access.ts';
import { requestFacts } from './request-facts.ts';
import type { KoaCtx } from './state.ts';

/** An HTTP answer as data: what an endpoint answers, and what a key stores and replays. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What an execution answers, and how its key keeps it: `taskId` when the answer is a stored A2A
 * task (the key keeps the id and a replay rebuilds the answer from the task: IdempotencyOptions.rebuild),
 * `replayable: false` when it must not be kept at all (a refusal for lack of budget: the retry runs).
 */
export interface ExecutedAnswer extends HttpAnswer {
  taskId?: string;
  replayable?: false;
}

/** The request a key is checked against. */
export interface IdempotentRequest {
  /**
   * The endpoint the key belongs to, e.g. "POST /api/v1/agent/a2a": keys are scoped per caller
   * (the idempotency procedures take the owner from the context: core/services/idempotency/owner.ts)
   * and per endpoint, so one caller may use one key once at each.
   */
  scope: string;
  /** The parsed JSON body (compared canonically: key order and spacing do not matter), or the raw text when it is not JSON. */
  body: unknown;
  /** True when `body` is the raw text of a body that is not JSON (compared exactly, and never equal to a JSON one). */
  bodyIsText?: boolean;
  /** Request headers whose values change the answer (A2A: "A2A-Version"): a different value is a different request. */
  vary?: readonly string[];
}

/** Shapes an error answer of this helper (the A2A endpoint: an ErrorMessage that is also a JSON-RPC error). */
type ErrorAnswerFormat = (message: ErrorMessage, headers: Record<string, string>) => HttpAnswer;

export interface IdempotencyOptions {
  /** How the helper's own error answers (400, 409, a failed claim) are written; default: a plain ErrorMessage. */
  formatError?: ErrorAnswerFormat;
  /** The answer of a replay whose stored answer is a task (ExecutedAnswer.taskId), from the task as stored now. */
  rebuild?: (task: AgentTask) => HttpAnswer;
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
 * its body (canonical JSON, or the raw text). Throws RangeError for a JSON body nested too deeply
 * to walk.
 */
export function requestFingerprint(ctx: KoaCtx, request: IdempotentRequest): string {
  const hash = createHash('sha256');
  hash.update(`${ctx.method}\n${ctx.originalUrl}\n`);
  for (const name of request.vary ?? []) hash.update(`${name.toLowerCase()}:${ctx.get(name)}\n`);
  if (request.body === undefined) hash.update('none\n');
  else if (request.bodyIsText) hash.update(`text\n${String(request.body)}`);
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

/** An error of the idempotency machinery itself (a refusal, or a database failure) as an answer. */
export function failureAnswer(ctx: KoaCtx, error: unknown, format: ErrorAnswerFormat = errorMessageAnswer): HttpAnswer {
  const classified = classifyError(error, ctx.state.requestId);
  if (classified.unexpected) ctx.state.log.error({ err: originalError(error) }, 'idempotency key check failed');
  return format(classified.body, classified.headers);
}

/**
 * Runs `execute` at most once per caller and Idempotency-Key (spec 2.10 and 4.5), and answers what
 * the endpoint is to send. Transport glue only; what happens to a key, and whose it is, is decided by
 * the idempotency procedures (core/routers/idempotency):
 * - no header: executes, every time;
 * - an invalid key: 400 IDEMPOTENCY_KEY_INVALID naming the rule, nothing executes;
 * - a new key: executes, and stores the answer for 24 hours when it is kept for replay (keptForReplay();
 *   a 5xx answer, or a throw, releases the key so a retry executes again);
 * - the same key and an equivalent request (same method, path and query, `vary` headers, and
 *   canonically equal JSON body) once answered: the stored answer, byte for byte (a stored task's
 *   answer rewritten from the task as it stands), with `Idempotency-Replayed: true` and
 *   `Idempotent-Replayed: true`, and `replayed: true`; never the first request's budget headers
 *   (the endpoint adds the current request's);
 * - the same key and another request: 409 IDEMPOTENCY_KEY_REUSED;
 * - the same key while its first request runs: 409 IDEMPOTENCY_REQUEST_IN_PROGRESS with Retry-After.
 * If storing the answer fails, it is logged and the answer is still given. A client that goes away
 * does not stop `execute`; the key is completed or released when it settles, and if the process
 * dies first the key's lease (60 seconds) frees it.
 * The endpoint writes the answer itself (writeHttpAnswer); a replayed 201 may be turned into 200 there.
 */
export async function answerIdempotently(
  ctx: KoaCtx,
  access: ProcedureAccess,
  request: IdempotentRequest,
  execute: () => Promise<ExecutedAnswer>,
  options: IdempotencyOptions = {},
): Promise<HttpAnswer & { replayed: boolean }> {
  const format = options.formatError ?? errorMessageAnswer;
  const { key, refusal } = readKey(ctx);
  if (refusal !== undefined) {
    return { ...format(errorMessage('IDEMPOTENCY_KEY_INVALID', refusal), {}), replayed: false };
  }
  if (key === undefined) {
    const { status, headers, body } = await execute();
    return { status, headers, body, replayed: false };
  }

  let fingerprint: string;
  try {
    fingerprint = requestFingerprint(ctx, request);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const message = errorMessage('VALIDATION_FAILED', 'The request body is nested too deeply.');
    return { ...format(message, {}), replayed: false };
  }
  const { invoker, createContext } = access;
  const identity = { scope: request.scope, key };
  let claim;
  try {
    claim = await invoker.call(
      'infrastructure.idempotency.claimKey',
      { ...identity, fingerprint },
      createContext(requestFacts(ctx)),
    );
  } catch (error) {
    return { ...failureAnswer(ctx, error, format), replayed: false };
  }
  if (claim.outcome === 'replay') {
    const written = claim.task ? rebuilt(claim.task, options) : { headers: {}, body: claim.body! };
    const headers = {
      ...claim.headers,
      ...written.headers,
      'Idempotency-Replayed': 'true',
      'Idempotent-Replayed': 'true',
    };
    return { status: claim.status, headers, body: written.body, replayed: true };
  }

  const held = { ...identity, claim_token: claim.claim_token };
  const release = async (reason: string): Promise<void> => {
    try {
      await invoker.call('infrastructure.idempotency.releaseKey', held, createContext(requestFacts(ctx)));
    } catch (error) {
      // The lease frees the key in the end.
      ctx.state.log.error({ err: originalError(error), reason }, 'idempotency key release failed');
    }
  };
  let answer: ExecutedAnswer;
  try {
    answer = await execute();
  } catch (error) {
    await release('execution failed');
    throw error;
  }
  if (!keptForReplay(answer.status) || answer.replayable === false) {
    await release(`status ${answer.status}${answer.replayable === false ? ', not replayable' : ''}`);
  } else if (answer.taskId === undefined && answer.body.length > IDEMPOTENCY_MAX_STORED_BODY) {
    ctx.state.log.warn({ bytes: answer.body.length }, 'answer too large to keep for idempotent replay');
    await release('answer too large');
  } else {
    try {
      const kept = answer.taskId !== undefined ? { task_id: answer.taskId } : { body: answer.body };
      const stored = { ...held, status: answer.status, headers: answer.headers, ...kept };
      await invoker.call('infrastructure.idempotency.completeKey', stored, createContext(requestFacts(ctx)));
    } catch (error) {
      ctx.state.log.error({ err: originalError(error) }, 'idempotency key completion failed; answering anyway');
      await release('completion failed');
    }
  }
  return { status: answer.status, headers: answer.headers, body: answer.body, replayed: false };
}

/** A replayed answer that is a stored task, written by the endpoint that stored it. */
function rebuilt(task: AgentTask, options: IdempotencyOptions): Pick<HttpAnswer, 'headers' | 'body'> {
  if (!options.rebuild) throw new Error('a stored answer references a task, and this endpoint cannot write one');
  const { headers, body } = options.rebuild(task);
  return { headers, body };
}

/** Writes an HttpAnswer as the response, its body exactly as given. */
export function writeHttpAnswer(ctx: KoaCtx, answer: HttpAnswer): void {
  ctx.status = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.body = answer.body;
}
