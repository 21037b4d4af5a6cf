import Router from '@koa/router';
import { perSite } from '../../core/per-site.ts';
import type { Middleware } from 'koa';
import type { Context, SiteUrls } from '../../core/context.ts';
import { classifyError, type ErrorMessage } from '../../core/errors/index.ts';
import { checkIdempotencyKeyHeader, idempotencyKeyUse } from '../http/idempotency.ts';
import type { ProcedureAccess } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import { readBody } from '../json-rpc/read-body.ts';
import { sendAnswer } from '../json-rpc/send-answer.ts';
import { transportRequest, type TransportRequest } from '../json-rpc/transport-request.ts';
import type { HttpState, KoaCtx } from '../http/state.ts';
import { queryOnlyRules, refuseUnexpectedInput } from '../http/strict-input.ts';
import { authenticateA2a } from './authenticate.ts';
import { A2A_ENDPOINT_PATH, buildAgentCard, buildExtendedAgentCard } from './card.ts';
import { parseEnvelope } from './envelope.ts';
import { exchangeErrorFromMessage, refusalReply, type A2aReply, type RequestId } from './json-rpc.ts';
import { a2aOperation, decodeCall, wires, type DecodedCall } from './methods.ts';
import { buildSkillTable, type SkillTable } from './skills.ts';
import { readLastEventId, sendSse, type SseOptions } from './sse-stream.ts';
import { checkContentType, checkMethod, negotiateVersion, type A2aVersion } from './transport-checks.ts';
import { invalidParam } from './wire.ts';

/** A wire's params as the procedures take them: the neutral value, or the wire's refusal. */
const neutral = <T>(read: { value: T } | { invalid: ErrorMessage }): T | { invalid: ErrorMessage } =>
  'invalid' in read ? { invalid: read.invalid } : read.value;

export interface A2aEndpointOptions extends ProcedureAccess {
  /** The service's own site URLs: those of `card`. */
  urls: SiteUrls;
  /** {base_url}'s path: "/api". */
  prefix: string;
  /** The service's body limit; the endpoint reads at most A2A_MAX_BODY_BYTES of it. */
  maxBodyBytes: number;
  /** A2A_STREAM_KEEPALIVE_MS: an idle stream's keep-alive comment interval. */
  streamKeepAliveMs: number;
}

/** A streaming method's answer once opened: what sendSse writes. */
type OpenedStream = { stream: Omit<SseOptions, 'keepAliveMs'> };

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

const isStreaming = (
  call: DecodedCall,
): call is Extract<
  DecodedCall,
  { procedure: 'protocols.a2a.sendStreamingMessage' | 'protocols.a2a.subscribeToTask' }
> => call.procedure === 'protocols.a2a.sendStreamingMessage' || call.procedure === 'protocols.a2a.subscribeToTask';

/** A streaming call's params as its procedure takes them: SubscribeToTask's with the client's Last-Event-ID. */
function streamParams(
  call: Extract<DecodedCall, { procedure: 'protocols.a2a.sendStreamingMessage' | 'protocols.a2a.subscribeToTask' }>,
  lastEventId: ReturnType<typeof readLastEventId>,
) {
  if (call.procedure === 'protocols.a2a.sendStreamingMessage') return neutral(call.params);
  const params = neutral(call.params);
  if ('invalid' in params) return params;
  if (typeof lastEventId === 'object')
    return {
      invalid: invalidParam('Last-Event-ID', 'expected the number of the last event received (the SSE id)').invalid,
    };
  return lastEventId === undefined ? params : { ...params, lastEventId };
}

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
 * JSON-RPC body otherwise), the version from A2A-Version, the optional Bearer access token of the A2A
 * resource (authenticate.ts: 401/403 when refused), then the method and params decoded from
 * the version's wire and answered by the method's procedure in one call (the A2A service in core
 * runs the task's lifecycle and writes the answer through this adapter's wire). This adapter holds
 * no domain logic. The skill table (for the card) is built once, here, when the app is composed; the
 * card once per site URL it is answered in (a loopback alias in development gets its own).
 */
export function a2aEndpoint(options: A2aEndpointOptions): A2aEndpoint {
  const { invoker, createContext } = options;
  const endpoint = `${options.prefix}${A2A_ENDPOINT_PATH}`;
  const skills = buildSkillTable(invoker.procedures);
  const card = buildAgentCard(skills, options.urls);
  const cardText = perSite((urls) => JSON.stringify(buildAgentCard(skills, urls)));
  const extendedCard = perSite((urls) => buildExtendedAgentCard(skills, urls));
  const bodyLimit = Math.min(options.maxBodyBytes, A2A_MAX_BODY_BYTES);

  /** Idempotency-Key refusals (400 invalid key) in the dual ErrorMessage + JSON-RPC body. */
  const idempotencyErrors = (id: RequestId) => ({
    formatError: (message: ErrorMessage, headers: Record<string, string>) =>
      exchangeErrorFromMessage(id, message, headers),
  });

  /**
   * The one call into core: the method's procedure, admitted by its base procedure (the client's
   * A2A budget before anything else; the storage bound for a message, or a request with a key: 429
   * with Retry-After, 503 STORAGE_LIMIT_REACHED), keeping the Idempotency-Key in core. A refused
   * admission is answered in the dual ErrorMessage + JSON-RPC body.
   */
  const answer = async (
    context: Context,
    exchange: { version: A2aVersion; id: RequestId; method: string },
    call: DecodedCall,
    idempotency: ReturnType<typeof idempotencyKeyUse>,
    lastEventId: ReturnType<typeof readLastEventId>,
  ): Promise<A2aReply | OpenedStream> => {
    const shared = { exchange, ...(idempotency ? { idempotency } : {}) };
    try {
      switch (call.procedure) {
        case 'protocols.a2a.sendStreamingMessage':
        case 'protocols.a2a.subscribeToTask': {
          const abort = new AbortController();
          const opened = await invoker.call(
            call.procedure,
            { exchange, params: streamParams(call, lastEventId) },
            context,
            abort.signal,
          );
          if ('answer' in opened) return opened.answer;
          const { events, historyLength } = opened.stream;
          const { headers } = context.response;
          const wire = wires[exchange.version];
          return { stream: { wire, id: exchange.id, events, historyLength, headers, abort, context } };
        }
        case 'protocols.a2a.sendMessage':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.getTask':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.createPushConfig':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.getPushConfig':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.listPushConfigs':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.deletePushConfig':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.cancelTask':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.listTasks':
          return await invoker.call(call.procedure, { ...shared, params: neutral(call.params) }, context);
        case 'protocols.a2a.getExtendedCard':
          return await invoker.call(call.procedure, { ...shared, card: extendedCard(context.urls) }, context);
        case 'protocols.a2a.refuseUnknownMethod':
          return await invoker.call(call.procedure, { ...shared, refusal: call.refusal }, context);
      }
    } catch (error) {
      const classified = classifyError(error, context.requestId);
      if (classified.unexpected) context.log.error({ err: error }, 'unexpected error admitting an A2A request');
      return exchangeErrorFromMessage(exchange.id, classified.body, classified.headers);
    }
  };

  /**
   * The key is checked before the body is read; the envelope and the version are checked before the
   * request is decoded and answered (a request that is not one is never stored). Then the request
   * runs once per key: the same key and the same request (canonical JSON body, same A2A-Version)
   * replays the stored answer.
   */
  const handlePost = async (ctx: KoaCtx, request: TransportRequest): Promise<A2aReply | OpenedStream> => {
    const refused = checkContentType(request) ?? checkIdempotencyKeyHeader(ctx, idempotencyErrors(null));
    if (refused) return refused;
    const body = await readBody(ctx, bodyLimit, 'A2A_INVALID_REQUEST');
    if ('refusal' in body) return refusalReply(body.refusal);
    const envelope = parseEnvelope(body.text);
    if ('reply' in envelope) return envelope.reply;
    ctx.state.operation = a2aOperation(envelope.request.method);
    const negotiated = negotiateVersion(request, envelope.request.id);
    if ('reply' in negotiated) return negotiated.reply;
    const { id, method } = envelope.request;
    const call = decodeCall(negotiated.version, envelope.request);
    const exchange = { version: negotiated.version, id, method };
    const authenticated = await authenticateA2a(createContext(requestFacts(ctx)), id);
    if ('reply' in authenticated) return authenticated.reply;
    const { context } = authenticated;
    // A stream is resumed (Last-Event-ID), not replayed: an Idempotency-Key does not apply to it.
    if (isStreaming(call)) return answer(context, exchange, call, undefined, readLastEventId(ctx));
    const idempotency = idempotencyKeyUse(ctx, {
      scope: `POST ${endpoint}`,
      body: envelope.json,
      vary: ['A2A-Version'],
    });
    return answer(context, exchange, call, idempotency, undefined);
  };

  /**
   * The card takes no query parameter (strict-input.ts); the JSON-RPC POST is A2A's to read, extensible
   * members included. One call into core signs it (A2A 1.0 section 8.4): whatever the card holds, as
   * built here, is what the signatures cover.
   */
  const sendCardStrictly = async (ctx: KoaCtx): Promise<void> => {
    refuseUnexpectedInput(NO_QUERY, ctx.querystring, undefined);
    const context = createContext(requestFacts(ctx));
    const signed = await invoker.call('protocols.a2a.signCard', { card: cardText(ctx.state.urls) }, context);
    sendCard(ctx, signed.card);
  };

  const serve = async (ctx: KoaCtx): Promise<void> => {
    const request = transportRequest(ctx);
    const refused = checkMethod(request);
    if (refused) return send(ctx, refused);
    if (request.method !== 'POST') return await sendCardStrictly(ctx);
    const reply = await handlePost(ctx, request);
    if ('stream' in reply) return sendSse(ctx, { ...reply.stream, keepAliveMs: options.streamKeepAliveMs });
    send(ctx, reply);
  };

  const cardRoutes = new Router<HttpState>();
  for (const path of WELL_KNOWN_CARD_PATHS) cardRoutes.get(path, sendCardStrictly);

  // Not async itself: every other request passes through without a promise of its own.
  const middleware: Middleware<HttpState> = (ctx, next) => (ctx.path === endpoint ? serve(ctx) : next());
  return { middleware, cardRoutes, card, skills };
}
