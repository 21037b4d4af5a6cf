import { z } from 'zod';

/**
 * The value shapes environment variables share (core/config.ts and its payment and webhook
 * siblings): one spelling of each, so every variable refuses bad input in the same words.
 */

/** true, false, 1, 0, yes or no. */
export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected one of true, false, 1, 0, yes, no' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number from min to max; `unit` (e.g. "seconds") names what it counts in the refusals. */
export function wholeNumber(min: number, max: number, unit?: string) {
  const counted = unit ? ` ${unit}` : '';
  const expected = unit ? `expected a whole number of ${unit}` : 'expected a whole number';
  return z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? expected : undefined) })
    .int({ message: expected })
    .min(min, { message: `expected at least ${min}${counted}` })
    .max(max, { message: `expected at most ${max}${counted}` });
}
