import { createHash } from 'node:crypto';
import { z } from 'zod';

const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * ListTasks' page token: base64url of a small versioned JSON holding where the last page ended (its
 * last status_seq), the total counted on the first page, and a digest of the filters it was issued
 * for, so a token sent with other filters is refused instead of paging a list it was not cut from.
 * It authorizes nothing: visibility is applied to every page, so a forged token only moves a cursor.
 */
const ZPageToken = z.object({
  v: z.literal(1),
  // A bigint the database takes (a larger one would fail its cast: a server error for a client's typo).
  after: z
    .string()
    .regex(/^\d{1,19}$/)
    .refine((value) => BigInt(value) <= MAX_BIGINT),
  // totalSize is an int32 on the wire.
  total: z.number().int().min(0).max(2_147_483_647),
  filters: z.string().length(22),
});

/** The longest token read; one this service issues is about 120 characters. */
const MAX_TOKEN_LENGTH = 300;

export interface PageCursor {
  /** The status_seq of the last task of the previous page (bigint as text). */
  after: string;
  /** The total counted when the first page was read. */
  total: number;
}

/** The filters a token is bound to, as a short digest (the token carries no client text). */
export function filtersDigest(filters: Record<string, string | undefined>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((key) => [key, filters[key] ?? null]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

export function issuePageToken(cursor: PageCursor, digest: string): string {
  const token = { v: 1, after: cursor.after, total: cursor.total, filters: digest };
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

/** The cursor a token holds, or why it is refused (a sentence for the -32602 message). */
export function readPageToken(token: string, digest: string): PageCursor | { refused: string } {
  const malformed = {
    refused: 'not a page token this agent issued (send the nextPageToken of the previous page as it is)',
  };
  if (token.length > MAX_TOKEN_LENGTH || !/^[\w-]+$/.test(token)) return malformed;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return malformed;
  }
  const parsed = ZPageToken.safeParse(decoded);
  if (!parsed.success) return malformed;
  if (parsed.data.filters !== digest)
    return {
      refused:
        'this token was issued for other filters (contextId, status, statusTimestampAfter): send the same filters with every page, or start again without a pageToken',
    };
  return { after: parsed.data.after, total: parsed.data.total };
}
