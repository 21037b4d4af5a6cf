import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import pRetry from 'p-retry';
import { storableText } from '../../core/services/sql/storable-text.ts';
import type { WebhookPostResult, WebhookTransport } from '../../core/services/webhooks/transport-port.ts';
import { WEBHOOK_CONTENT_TYPE, WEBHOOK_USER_AGENT } from '../../core/services/webhooks/request-headers.ts';
import { guardedLookup, refuseLiteralAddress, systemResolver, type Resolver } from '../outbound/guarded-lookup.ts';
import { outboundFailure } from '../outbound/outbound-failure.ts';

/** What a receiver answered is kept up to this many bytes (the attempt log shows it; the rest is discarded). */
const RESPONSE_BODY_LIMIT = 1024;
/** The longest error message kept (the attempt log's `error`, the delivery's `last_error`). */
const ERROR_LIMIT = 2000;
/** The longest Retry-After header kept (the policy reads a number of seconds or an HTTP date). */
const RETRY_AFTER_LIMIT = 200;
/** An attempt's whole deadline: connect, send and the response (its status and first KiB). */
export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * The deadline to have a connection (look-up included): an address that drops SYNs is given up
 * long before the whole deadline, so it holds a worker slot for seconds, not for 15 s.
 */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** The transport port with its sockets: the composition root closes it at stop. */
export interface WebhookPoster extends WebhookTransport {
  close(): void;
}

export interface WebhookPosterOptions {
  allowPrivate: boolean;
  resolver?: Resolver;
  timeoutMs?: number;
  /** The deadline to have a connection (DEFAULT_CONNECT_TIMEOUT_MS, never beyond timeoutMs). */
  connectTimeoutMs?: number;
  /** Keep-alive sockets per origin (the worker's per-endpoint share of its concurrency). */
  socketsPerOrigin?: number;
}

/** Errors worth one immediate retry: the connection broke before any answer (a stale keep-alive socket, mostly). */
const TRANSIENT = new Set(['ECONNRESET', 'EPIPE']);

class TransientError extends Error {}

/**
 * The outbound webhook transport (core's WebhookTransport port): posts the bodies core signed.
 * node:http(s) with the connect-time guard as `lookup` (every resolved address must be public) and literal IP hosts checked before connecting; redirects are never
 * followed (a 3xx is an answer like any other, and the policy treats it as a failure); one deadline
 * for the whole attempt and a shorter one to connect; the response body is read up to 1 KiB. Keep-alive
 * agents reuse sockets whose address was checked when they connected. Everything the receiver (or
 * the network) says is made storable here, at the boundary: the body, the Retry-After header and the
 * error message, with NUL and unpaired surrogates replaced and each bounded.
 */
export function createWebhookPoster(options: WebhookPosterOptions): WebhookPoster {
  const allowance = options.allowPrivate ? 'any' : 'public';
  const lookup = guardedLookup(options.resolver ?? systemResolver, allowance);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, timeoutMs);
  const agentOptions = { keepAlive: true, maxSockets: options.socketsPerOrigin ?? 16, lookup, timeout: timeoutMs };
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);

  function once(url: URL, body: string, headers: Record<string, string>, deadline: number): Promise<WebhookPostResult> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const request = (secure ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        lookup,
        // JSON unless core names the media type (an A2A 1.0 push is application/a2a+json).
        headers: {
          'content-type': WEBHOOK_CONTENT_TYPE,
          ...headers,
          'content-length': Buffer.byteLength(body),
          'user-agent': WEBHOOK_USER_AGENT,
        },
      });
      const elapsed = () => Math.round(performance.now() - started);
      const timer = setTimeout(
        () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)),
        Math.max(1, deadline - Date.now()),
      );
      request.on('socket', (socket) => {
        // A reused keep-alive socket is already connected; a new one gets the connect deadline.
        if (!socket.connecting) return;
        const connectTimer = setTimeout(
          () => request.destroy(new Error(`could not connect within ${connectTimeoutMs} ms`)),
          connectTimeoutMs,
        );
        socket.once('connect', () => clearTimeout(connectTimer));
        socket.once('close', () => clearTimeout(connectTimer));
      });
      let answered = false;
      request.on('response', (response: IncomingMessage) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          clearTimeout(timer);
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode,
            retryAfter: typeof retryAfter === 'string' ? storableText(retryAfter, RETRY_AFTER_LIMIT) : undefined,
            // Cutting at 1 KiB may split a character: it decodes as U+FFFD, never as more than 1024 units.
            responseBody: storableText(
              Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
              RESPONSE_BODY_LIMIT,
            ),
            durationMs: elapsed(),
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_BODY_LIMIT) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BODY_LIMIT) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', finish);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (answered) return;
        const failure = outboundFailure(error);
        if (error.code && TRANSIENT.has(error.code)) reject(new TransientError(failure.message));
        else
          resolve({
            error: storableText(failure.message, ERROR_LIMIT),
            errorDetail: failure.detail,
            durationMs: elapsed(),
          });
      });
      request.end(body);
    });
  }

  return {
    async post(target, body, headers) {
      let url: URL;
      try {
        url = new URL(target);
        if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('expected an http(s) URL');
        refuseLiteralAddress(url.hostname, allowance);
      } catch (error) {
        // The message may quote the endpoint's URL, which is ours but is text all the same.
        const failure = outboundFailure(error);
        return { error: storableText(failure.message, ERROR_LIMIT), errorDetail: failure.detail, durationMs: 0 };
      }
      const deadline = Date.now() + timeoutMs;
      try {
        // One immediate retry for a broken connection only; the long schedule is the worker's, in the database.
        return await pRetry(() => once(url, body, headers, deadline), {
          retries: 1,
          minTimeout: 0,
          shouldRetry: ({ error }) => error instanceof TransientError && Date.now() < deadline,
        });
      } catch (error) {
        return { error: storableText((error as Error).message, ERROR_LIMIT), durationMs: 0 };
      }
    },
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
