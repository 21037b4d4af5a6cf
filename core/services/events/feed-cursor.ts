import { createHash } from 'node:crypto';
import { AppError } from '../../errors/index.ts';

/**
 * A place in a business's event feed: the commit order key (commit_txid, position) of the last event
 * handed out. `commitTxid` is an xid8 and `position` a bigint, both carried as decimal strings so no
 * precision is lost on the way through JavaScript.
 */
export interface FeedPosition {
  commitTxid: string;
  position: string;
}

/** The feed's start: before every event kept. */
export const FEED_START: FeedPosition = { commitTxid: '0', position: '0' };

/** Larger than any identity value, so (xid, this) sorts after every event of the transaction xid. */
const AFTER_EVERY_POSITION = '9223372036854775807';

/**
 * The place just before every event of the transactions not yet finished at `snapshotXmin` (the
 * oldest transaction still running): `after=now` starts there, so nothing committed from then on is
 * skipped (a few events committed moments earlier, behind a transaction still running, may come too).
 */
export function tailPosition(snapshotXmin: string): FeedPosition {
  return { commitTxid: (BigInt(snapshotXmin) - 1n).toString(), position: AFTER_EVERY_POSITION };
}

/** `e1.<commit txid>.<position>.<business tag>`: anchored, digits and hex only, so linear. */
const CURSOR = /^e1\.(\d{1,20})\.(\d{1,20})\.([0-9a-f]{16})$/;

/**
 * Which business a cursor belongs to, as 16 hex digits of a hash: enough to tell a client that it
 * passed another business's cursor (the query is tenant-scoped whatever the cursor says, so this is
 * a clear answer, not the guard).
 */
function businessTag(businessId: string): string {
  return createHash('sha256').update(`fsa-event-cursor:${businessId}`).digest('hex').slice(0, 16);
}

export function encodeFeedCursor(businessId: string, at: FeedPosition): string {
  return Buffer.from(`e1.${at.commitTxid}.${at.position}.${businessTag(businessId)}`, 'utf8').toString('base64url');
}

function refused(message: string): AppError {
  return new AppError('EVENT_CURSOR_INVALID', message, {
    details: [{ parameter: 'after', code: 'invalid_cursor', message, path: ['after'] }],
  });
}

/** The place a cursor names, or EVENT_CURSOR_INVALID (400) for a malformed one or another business's. */
export function decodeFeedCursor(businessId: string, cursor: string): FeedPosition {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw refused('Invalid parameter "after": not a cursor of the event feed.');
  if (match[3] !== businessTag(businessId))
    throw refused('Invalid parameter "after": this cursor belongs to another business\'s event feed.');
  const [commitTxid, position] = [match[1]!, match[2]!];
  // xid8 and bigint bounds: a larger number would be a database error, not a place in the feed.
  if (BigInt(commitTxid) > 18446744073709551615n || BigInt(position) > BigInt(AFTER_EVERY_POSITION))
    throw refused('Invalid parameter "after": not a cursor of the event feed.');
  return { commitTxid, position };
}
