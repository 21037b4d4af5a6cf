import {
  API_TOKEN_MAX_LIFETIME_SECONDS,
  API_TOKEN_MIN_LIFETIME_SECONDS,
} from '../../core/routers/accounts/create-api-token.schema.ts';
import { UsageError } from './command.ts';

const UNIT_SECONDS = { d: 86_400, h: 3_600, m: 60 } as const;
const DURATION = /^([1-9]\d{0,6})([dhm])$/;

/**
 * A lifetime flag such as `90d`, `12h` or `30m` (whole days, hours or minutes) in seconds, from one
 * minute to ten years. Anything else is wrong usage, refused before the database is opened.
 */
export function parseLifetime(flag: string, value: string): number {
  const match = DURATION.exec(value.trim());
  const seconds = match ? Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS] : undefined;
  if (seconds === undefined) {
    throw new UsageError(
      `--${flag} ${JSON.stringify(value)}: expected a whole number of days, hours or minutes such as 90d, 12h or 30m.`,
    );
  }
  if (seconds < API_TOKEN_MIN_LIFETIME_SECONDS || seconds > API_TOKEN_MAX_LIFETIME_SECONDS) {
    throw new UsageError(`--${flag} ${value}: expected from 1m to ${API_TOKEN_MAX_LIFETIME_SECONDS / 86_400}d.`);
  }
  return seconds;
}
