import { z } from 'zod';
import { refuseNul } from '../../services/sql/no-nul.ts';

/**
 * A string parameter PostgreSQL can store and compare: text values cannot hold NUL (U+0000),
 * and sending one would fail the query (a 500) instead of answering 400.
 */
export function ZText(max: number) {
  return z.string().max(max).check(refuseNul('must not contain NUL (U+0000) characters'));
}
