import { z } from 'zod';

/**
 * A timestamptz as the lists' keyset cursors carry it: UTC with microseconds, exactly what
 * instantKeySql (instant-key.query.ts) answers, so paging never drops or repeats a row that shares
 * a millisecond with another. Year 0000 is refused: PostgreSQL would reject it as a
 * bind value, and a forged cursor must be a validation error, never a database one.
 */
export const ZInstantKey = z.iso.datetime({ precision: 6 }).regex(/^(?!0000)/);
