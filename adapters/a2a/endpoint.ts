import Router from '@koa/router';
import { perSite } from '../../core/per-site.ts';
import type { Middleware } from 'koa';
import type { Context, SiteUrls } from '../../core/context.ts';
import { internalErrorMessage } from '../../core/errors/error-message.ts';
import { classifyError, type ErrorMessage } from '../../core/errors/index.ts';
import { answerIdempotently, checkIdempotencyKeyHeader, type ExecutedAnswer } from '../http/idempotency.ts';
import type { ProcedureAccess } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import { readBody } from '../json-rpc/read-body.ts';
import { sendAnswer } from '../json-rpc/send-answer.ts';
import { transportRequest, type TransportRequest } from '../json-rpc/transport-request.ts';
import type { HttpState, KoaCtx } from '../http/state.ts';
import { queryOnlyRules, refuseUnexpectedInput } from '../http/strict-input.ts';
import { A2A_ENDPOINT_PATH, buildAgentCard } from './card.ts';
import { parseEnvelope, type A2aRequest } from './envelope.ts';
import {
  exchangeErrorFromMessage,
  refusalReply,
  rpcErrorFromMessage,
  type A2aReply,
  type RequestId,
} from './json-rpc.ts';
import { a2aOperation, dispatch, storesTask, taskReply } from './methods.ts';
import { buildSkillTable, type SkillTable } from './skills.ts';
import { checkContentType, checkMethod, negotiateVersion, type A2aVersion } from './transport-checks.ts';

export interface A2aEndpointOptions extends ProcedureAccess {
  /** The service's own site URLs: those of `card`. */
  urls: SiteUrls;
  /** {base_url}'s path: "/api". */
  prefix: string;
  /** The service's body limit; the endpoint reads at most A2A_MAX_BODY_BYTES of it. */
  maxBodyBytes: number;
}

export interface A2aEndpoint {
  /** {base_url}/v1/agent/a2a: GET and HEAD answer the card, POST the JSON-RPC requests, anything else 405. */
  middleware: Middleware<HttpState>;
  /** The card at {site_url}/.well-known/agent-card.json and /.well-known/agent.json (GET, HEAD). */
  cardRoutes: Router<HttpState>;
  card: Record<string, unknown>;
  skills: SkillTable;
}

/**
 * The largest JSON-RPC body read: a message holds at most 20 parts of bounded text and one data part of
 * a skill's arguments, so 64 KiB is generous, and it bounds what one request can make the task store keep.
 */
const A2A_MAX_BODY_BYTES = 64 * 1024;

/** The card is short-lived in caches: it changes when a skill does, and the ETag makes revalidation cheap. */
const CARD_CACHE_CONTROL = 'public, max-age=300';

/** The site-root discovery URLs of the card (A2A 1.0 and 0.3's, and the older name). */
const NO_QUERY = queryOnlyRules([]);
const WELL_KNOWN_CARD_PATHS = ['/.well-known/agent-card.json', '/.well-known/agent.json'];

/** Writes a JSON-RPC answer: never stored by a cache (no-store after the answer's own headers, as A2A clients always got it). */
function send(ctx: KoaCtx, reply: A2aReply): void {
  sendAnswer(ctx, reply, { noStore: 'after-headers' });
}

function sendCard(ctx: KoaCtx, cardText: string): void {
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.set('Cache-Control', CARD_CACHE_CONTROL);
  // The envelope adds the ETag (a hash of these bytes) and answers a matching If-None-Match with 304.
  ctx.body = cardText;
}

/**
 * The A2A agent (JSON-RPC binding, A2A 1.0 and 0.3 on one URL): transport checks (method,
 * Content-Type), the body within its limit, one JSON-RPC request (400 with the dual ErrorMessage +
 * JSON-RPC body otherwise), the version from A2A-Version, then the method from the dispatch table.
 * Skills are the procedures with `skill` meta, called through the invoker with the request's own
 * context; tasks are stored through the agentTasks procedures. This adapter holds no domain logic.
 * The skill table is built once, here, when the app is composed; the card once per site URL it is
 * answered in (a loopback alias in development gets its own).
 */
export function a2aEndpoint(options: A2aEndpointOptions): A2aEndpoint {
  const { invoker, createContext } = options;
  const endpoint = `${options.prefix}${A2A_ENDPOINT_PATH}`;
  const skills = buildSkillTable(invoker.procedures);
  const card = buildAgentCard(skills, options.urls);
  const cardText = perSite((urls) => JSON.stringify(buildAgentCard(skills, urls)));
  const bodyLimit = Math.min(options.maxBodyBytes, A2A_MAX_BODY_BYTES);

  /**
   * Everything after the envelope: the answer of one parsed request in one version, as status,
   * headers and body text, and the stored task it answered. An Idempotency-Key store wraps exactly this.
   */
  const execute = async (
    context: Context,
    version: A2aVersion,
    request: A2aRequest,
  ): Promise<ExecutedAnswer & Pick<A2aReply, 'errorCode'>> => {
    const started = performance.now();
    try {
      const result = await dispatch(version, request.id, request.method, request.params, context, {
        skills,
        invoker,
      });
      context.log.info(
        {
          a2a_version: version,
          a2a_method: request.method.slice(0, 100),
          a2a_skill: result.skill ?? null,
          outcome: result.outcome,
          duration_ms: Math.round((performance.now() - started) * 100) / 100,
        },
        'a2a request',
      );
      const { taskId, replayable } = result;
      return { ...result.reply, ...(taskId ? { taskId } : {}), ...(replayable === false ? { replayable } : {}) };
    } catch (error) {
      // Failures outside a skill's own call (the task store, the text router, a bug): masked, logged, 5xx.
      const classified = classifyError(error, context.requestId);
      const server = classified.body.status >= 500 && !classified.unexpected;
      const fields = { err: error, a2a_method: request.method.slice(0, 100) };
      // A known 5xx (the database away) is the service's state, not a bug: a warning, not an error.
      if (server) context.log.warn(fields, 'an A2A request failed on a service error');
      else context.log.error(fields, 'unexpected error in an A2A request');
      const body = server ? classified.body : internalErrorMessage(context.requestId);
      return rpcErrorFromMessage(request.id, body, body.status, server ? classified.headers : {}, -32603);
    }
  };

  /**
   * The client's A2A budget, reserved before anything else is done for the request (429 with
   * Retry-After in the dual body beyond it), and for a request that may store a row (`stores`) the
   * agent storage bound too (429 per network, 503 STORAGE_LIMIT_REACHED across the service);
   * answers the RateLimit headers to send.
   */
  const admit = async (
    context: Context,
    id: RequestId,
    stores: boolean,
  ): Promise<{ headers: Record<string, string> } | { reply: A2aReply }> => {
    try {
      await invoker.call(stores ? 'agent.admitStoringRequest' : 'agent.admitRequest', undefined, context);
      // Taken out of the shared context: the method's procedures write their own headers there.
      const headers = context.response.headers;
      context.response.headers = {};
      return { headers };
    } catch (error) {
      const classified = classifyError(error, context.requestId);
      if (classified.unexpected) context.log.error({ err: error }, 'unexpected error admitting an A2A request');
      return { reply: exchangeErrorFromMessage(id, classified.body, classified.headers) };
    }
  };

  /** Idempotency-Key refusals (400 invalid key, 409 reused or in progress) in the dual ErrorMessage + JSON-RPC body. */
  const idempotencyErrors = (id: RequestId) => ({
    formatError: (message: ErrorMessage, headers: Record<string, string>) =>
      exchangeErrorFromMessage(id, message, headers),
  });

  /**
   * The key is checked before the body is read; the envelope and the version are checked before the
   * key is claimed (a request that is not one is never stored). Then the request runs once per key:
   * the same key and the same request (canonical JSON body, same A2A-Version) replays the stored answer.
   */
  const handlePost = async (ctx: KoaCtx, request: TransportRequest): Promise<A2aReply> => {
    const refused = checkContentType(request) ?? checkIdempotencyKeyHeader(ctx, idempotencyErrors(null));
    if (refused) return refused;
    const body = await readBody(ctx, bodyLimit, 'A2A_INVALID_REQUEST');
    if ('refusal' in body) return refusalReply(body.refusal);
    const envelope = parseEnvelope(body.text);
    if ('reply' in envelope) return envelope.reply;
    ctx.state.operation = a2aOperation(envelope.request.method);
    const negotiated = negotiateVersion(request, envelope.request.id);
    if ('reply' in negotiated) return negotiated.reply;
    // One context for the request's own procedures: the budget's, then the method's.
    const context = createContext(requestFacts(ctx));
    // A message stores a task, and a request with a key stores its answer: both count against the storage bound.
    const stores = storesTask(negotiated.version, envelope.request.method) || ctx.get('Idempotency-Key') !== '';
    const admitted = await admit(context, envelope.request.id, stores);
    if ('reply' in admitted) return admitted.reply;
    const answer = await answerIdempotently(
      ctx,
      options,
      { scope: `POST ${endpoint}`, body: envelope.json, vary: ['A2A-Version'] },
      async () => {
        const answer = await execute(context, negotiated.version, envelope.request);
        // The idempotent answer is plain HTTP: the metrics take the error code from the execution.
        if (answer.errorCode) ctx.state.errorCode = answer.errorCode;
        return answer;
      },
      {
        ...idempotencyErrors(envelope.request.id),
        rebuild: (task) => {
          const { id, method, params } = envelope.request;
          return taskReply(negotiated.version, id, method, params, task);
        },
      },
    );
    // The budget's RateLimit headers describe this request, also on a replay.
    return { ...answer, headers: { ...answer.headers, ...admitted.headers } };
  };

  // The card takes no query parameter (strict-input.ts); the JSON-RPC POST is A2A's to read, extensible members included.
  const sendCardStrictly = (ctx: KoaCtx): void => {
    refuseUnexpectedInput(NO_QUERY, ctx.querystring, undefined);
    sendCard(ctx, cardText(ctx.state.urls));
  };

  const serve = async (ctx: KoaCtx): Promise<void> => {
    const request = transportRequest(ctx);
    const refused = checkMethod(request);
    if (refused) return send(ctx, refused);
    if (request.method !== 'POST') return sendCardStrictly(ctx);
    send(ctx, await handlePost(ctx, request));
  };

  const cardRoutes = new Router<HttpState>();
  for (const path of WELL_KNOWN_CARD_PATHS) cardRoutes.get(path, sendCardStrictly);

  // Not async itself: every other request passes through without a promise of its own.
  const middleware: Middleware<HttpState> = (ctx, next) => (ctx.path === endpoint ? serve(ctx) : next());
  return { middleware, cardRoutes, card, skills };
}
