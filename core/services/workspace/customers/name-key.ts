import { z } from 'zod';
import { noNul } from '../../sql/no-nul.ts';

// A cursor is at most 500 characters (ZCursorPageInput). Names of up to 200 characters in a
// multi-byte script would not fit, so a long name is left out and looked up again by id.
const MAX_NAME_KEY_BYTES = 240;

/** The name element of a keyset cursor: the name itself, or null when too long to carry. */
export function nameKey(name: string): string | null {
  return Buffer.byteLength(name, 'utf8') <= MAX_NAME_KEY_BYTES ? name : null;
}

/** A name key on the way back in; NUL is refused because PostgreSQL text cannot hold it. */
export const ZNameKey = z.string().max(MAX_NAME_KEY_BYTES).check(noNul()).nullable();
