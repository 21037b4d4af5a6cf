import { randomBytes } from 'node:crypto';
import { webhookHeaders } from '../../core/services/webhooks/signature.ts';

/** A new session secret, in the form webhook secrets take (`whsec_` + base64 of 32 random bytes). */
export function sessionSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface ForwarderOptions {
  /** The service's base URL, e.g. http://localhost:3000/api (the feed is {base}/v1/events). */
  baseUrl: string;
  /** A workspace API token with events:read. */
  token: string;
  /** Where each event is posted. */
  forwardTo: string;
  /** Only these event types (the feed filters them); none: every type. */
  events?: readonly string[] | undefined;
  /** From the oldest event kept instead of from now. */
  fromStart?: boolean;
  secret: string;
  /** One line per forwarded event, retry and feed problem. */
  print: (line: string) => void;
  /** Seconds a feed read holds when there is nothing (default 30). */
  waitSeconds?: number;
  /** First and longest pause between retries, in milliseconds (default 1 s and 30 s). */
  retryMs?: { first: number; max: number };
}

interface FeedItem {
  id: string;
  type: string;
}

/** What stops the forwarder: a refusal of the feed that retrying cannot fix (a bad token, a bad cursor). */
class FatalFeedError extends Error {}

const USER_AGENT = 'field-service-api-events-listen';

/** The answer of the feed's read, or why it failed. */
async function readFeed(
  options: ForwarderOptions,
  after: string | undefined,
  signal: AbortSignal,
  wait = options.waitSeconds ?? 30,
): Promise<{ items: Array<FeedItem & Record<string, unknown>>; next_cursor: string }> {
  const query = new URLSearchParams({ limit: '100', wait: String(wait) });
  if (after !== undefined) query.set('after', after);
  if (options.events?.length) query.set('types', options.events.join(','));
  const response = await fetch(
    `${options.baseUrl.endsWith('/') ? options.baseUrl.slice(0, -1) : options.baseUrl}/v1/events?${query}`,
    {
      headers: { authorization: `Bearer ${options.token}`, 'user-agent': USER_AGENT },
      signal,
    },
  );
  const text = await response.text();
  if (response.ok) return JSON.parse(text) as { items: Array<FeedItem & Record<string, unknown>>; next_cursor: string };
  let message = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    message = `${body.code}: ${body.message}`;
  } catch {
    // Not an ErrorMessage (a proxy's page): the start of the text says enough.
  }
  if (response.status === 400 || response.status === 401 || response.status === 403)
    throw new FatalFeedError(`the feed refused the request (${response.status} ${message})`);
  throw new Error(`the feed answered ${response.status} ${message}`);
}

/** Whether the receiver's answer means "try again": it is down (no answer), busy, or failed. */
const retryable = (status: number | undefined) => status === undefined || status === 429 || status >= 500;

const describe = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
};

export interface Forwarder {
  /** Settles when the forwarder stops: resolved after stop(), rejected by a fatal refusal of the feed. */
  done: Promise<void>;
  /** Resolved once the feed was first read: every event committed from then on is forwarded. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Reads the business's event feed over HTTP with long polling and posts each event to `forwardTo`,
 * signed exactly like a webhook delivery (Standard Webhooks: webhook-id, webhook-timestamp,
 * webhook-signature v1 with the session secret), in feed order. An event the receiver does not take
 * (no connection, a 5xx or 429) is posted again with a growing pause, never skipped; any other answer
 * (2xx, or a 4xx: the receiver refused it) is printed and the next event follows. A feed that cannot
 * be read (the service restarting) is read again with the same cursor, so nothing is lost; only a
 * refusal of the token or cursor ends the forwarder.
 */
export function startForwarder(options: ForwarderOptions): Forwarder {
  const controller = new AbortController();
  const { signal } = controller;
  const retry = options.retryMs ?? { first: 1000, max: 30_000 };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  const post = async (item: FeedItem & Record<string, unknown>): Promise<void> => {
    const body = JSON.stringify(item);
    for (let delay = retry.first; !signal.aborted; delay = Math.min(delay * 2, retry.max)) {
      const started = Date.now();
      let status: number | undefined;
      let failure = '';
      try {
        const headers = webhookHeaders({
          id: item.id,
          timestamp: Math.floor(Date.now() / 1000),
          body,
          secrets: [options.secret],
        });
        const response = await fetch(options.forwardTo, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': USER_AGENT },
          body,
          redirect: 'manual',
          signal,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        if (signal.aborted) return;
        failure = describe(error);
      }
      const line = `${new Date().toISOString()}  ${item.type}  ${item.id}  -> ${status ?? failure} (${Date.now() - started} ms)`;
      if (!retryable(status)) {
        options.print(line);
        return;
      }
      options.print(`${line}; retrying in ${Math.round(delay / 1000)} s`);
      await pause(delay);
    }
  };

  let isReady!: () => void;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const run = async () => {
    let after = options.fromStart ? undefined : 'now';
    let delay = retry.first;
    // The first read does not wait: from now on, it fixes the cursor, so the forwarder is ready at once.
    let first = true;
    while (!signal.aborted) {
      let page;
      try {
        page = await readFeed(options, after, signal, first ? 0 : undefined);
        if (first) isReady();
        first = false;
        delay = retry.first;
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof FatalFeedError) throw error;
        options.print(
          `${new Date().toISOString()}  cannot read the feed (${describe(error)}); reading again in ${Math.round(delay / 1000)} s`,
        );
        await pause(delay);
        delay = Math.min(delay * 2, retry.max);
        continue;
      }
      for (const item of page.items) {
        await post(item);
        if (signal.aborted) return;
      }
      after = page.next_cursor;
    }
  };

  return { done: run(), ready, stop: () => controller.abort() };
}
