import type { AppError as AppErrorType } from '../../errors/index.ts';
import { AppError } from '../../errors/index.ts';
import type { SqlSource } from '../sql/query.ts';
import { decodeFeedCursor, encodeFeedCursor, FEED_START, tailPosition, type FeedPosition } from './feed-cursor.ts';
import { feedEnvelope, type FeedEnvelope } from './feed-envelope.ts';
import { feedHorizon, readFeedPage, type FeedEventRow, type FeedFilter } from './feed.query.ts';
import type { EventFeedWaits } from './feed-waits.ts';

/** What `after` may say besides a cursor: start from the events committed from now on. */
const AFTER_NOW = 'now';

export interface EventFeedRequest {
  businessId: string;
  /** A cursor of this business's feed, `now`, or nothing (the oldest event kept). */
  after: string | undefined;
  filter: FeedFilter;
  limit: number;
  /** How long to hold the request when nothing is there to answer (0: answer at once). */
  waitMs: number;
  /** Aborted when the client goes away: the wait ends and the turn is given back. */
  signal?: AbortSignal | undefined;
}

export interface EventFeedPage {
  items: FeedEnvelope[];
  /** Always set: where the next read continues, also after an empty page. */
  next_cursor: string;
}

async function startingPosition(sql: SqlSource, request: EventFeedRequest): Promise<FeedPosition> {
  if (request.after === undefined) return FEED_START;
  if (request.after === AFTER_NOW) return tailPosition(await feedHorizon(sql));
  return decodeFeedCursor(request.businessId, request.after);
}

function pageOf(businessId: string, from: FeedPosition, rows: readonly FeedEventRow[]): EventFeedPage {
  const last = rows.at(-1);
  const next = last ? { commitTxid: last.commit_txid, position: last.position } : from;
  return { items: rows.map(feedEnvelope), next_cursor: encodeFeedCursor(businessId, next) };
}

function tooManyWaits(refusal: { refused: 'business' | 'instance'; limit: number }): AppErrorType {
  const whose = refusal.refused === 'business' ? 'per business' : 'on this instance';
  return new AppError(
    'RATE_LIMITED',
    `Too many long polls of the event feed held open: at most ${refusal.limit} at once ${whose}. Poll again, or with wait=0.`,
    { headers: { 'Retry-After': '1' } },
  );
}

/** Settles after `ms`, at the wake, or when the client goes away, whichever is first. */
function pause(ms: number, woken: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
    void woken.then(done);
  });
}

/**
 * A page of the business's event feed; with `waitMs`, a long poll: when nothing is there it holds
 * the request until an event of the business may have been committed (woken by the same hints as
 * the webhook worker), reads again, and answers what it found or, at the deadline, an empty page.
 * The wake is registered before each read, so a commit between a read and the wait is never missed.
 * Beyond the bounds on long polls held at once, one that would wait is refused at once (429).
 */
export async function readEventFeed(
  deps: { sql: SqlSource; waits: EventFeedWaits },
  request: EventFeedRequest,
): Promise<EventFeedPage> {
  const { sql, waits } = deps;
  const from = await startingPosition(sql, request);
  const read = () => readFeedPage(sql, request.businessId, from, request.filter, request.limit);
  if (request.waitMs <= 0) return pageOf(request.businessId, from, await read());
  let wake = waits.listen(request.businessId);
  try {
    let rows = await read();
    if (rows.length > 0 || request.signal?.aborted) return pageOf(request.businessId, from, rows);
    const turn = waits.enter(request.businessId);
    if ('refused' in turn) throw tooManyWaits(turn);
    try {
      const deadline = Date.now() + request.waitMs;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0 || request.signal?.aborted) return pageOf(request.businessId, from, rows);
        await pause(Math.min(left, waits.idleRereadMs), wake.woken, request.signal);
        wake.stop();
        wake = waits.listen(request.businessId);
        rows = await read();
        if (rows.length > 0) return pageOf(request.businessId, from, rows);
      }
    } finally {
      turn.release();
    }
  } finally {
    wake.stop();
  }
}
