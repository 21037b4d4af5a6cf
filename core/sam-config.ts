import { z } from 'zod';
import { wholeNumber } from './env-values.ts';

/** Hosts a plain-http SAM.gov base URL may have: this machine only (the test double, a local mirror). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * SAM.gov's API base URL: https, or http on a loopback host (the facilitator URL's rule); no
 * credentials, query or fragment (the key travels in SAM_API_KEY only). Kept as its origin plus
 * path, without a trailing slash (`/opportunities/v2/search` is appended).
 */
const samBaseUrl = z
  .url({ protocol: /^https?$/, message: 'expected an absolute https URL such as https://api.sam.gov' })
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'https:' || isLoopbackHost(url.hostname), {
    message: 'expected https (plain http only for 127.0.0.0/8, [::1] or localhost)',
  })
  .refine((url) => !url.username && !url.password && !url.search && !url.hash, {
    message: 'expected no credentials, query or fragment (the key goes in SAM_API_KEY)',
  })
  .transform((url) => {
    let path = url.pathname;
    while (path.endsWith('/')) path = path.slice(0, -1);
    return `${url.origin}${path}`;
  });

const DURATION_UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `30m`, `1h`, `1d` (a whole number and one unit), from one minute to seven days, in milliseconds. */
const syncInterval = z.string().transform((raw, issue) => {
  const match = /^([1-9]\d{0,6})([smhd])$/.exec(raw.trim());
  const seconds = match ? Number(match[1]) * DURATION_UNITS[match[2] as keyof typeof DURATION_UNITS] : NaN;
  if (!Number.isFinite(seconds) || seconds < 60 || seconds > 7 * 86_400) {
    issue.addIssue({ code: 'custom', message: 'expected a duration from 1m to 7d such as 30m, 1h or 1d' });
    return z.NEVER;
  }
  return seconds * 1000;
});

/** The SAM.gov sync's variables of the environment (core/config.ts spreads them into its schema). */
export const samEnvironment = {
  SAM_API_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, { message: 'expected 1 to 200 visible ASCII characters' })
    .optional()
    .describe(
      'SAM.gov public API key (SAM.gov, Account Details), sent as the `api_key` query parameter of the Get Opportunities API v2 and its description links; never logged, stored or shown. Unset: the scheduled sync is off and `sync-government-opportunities` fails with `SAM_SYNC_NOT_CONFIGURED`.',
    ),
  SAM_API_BASE_URL: samBaseUrl
    .default('https://api.sam.gov')
    .describe(
      'Base URL of the Get Opportunities API (`/opportunities/v2/search` is appended); descriptions are fetched only from its origin. https; plain http only for 127.0.0.0/8, `[::1]` and `localhost` (a test double); no credentials, query or fragment.',
    ),
  SAM_SYNC_INTERVAL: syncInterval
    .prefault('1h')
    .describe(
      'How often the worker (the process running the webhook worker, and `npm run worker`) runs the SAM.gov sync when `SAM_API_KEY` is set: a whole number and a unit, `s`, `m`, `h` or `d`, from `1m` to `7d`.',
    ),
  SAM_DAILY_REQUEST_BUDGET: wholeNumber(1, 1_000_000, 'requests')
    .default(1000)
    .describe(
      "Requests to SAM.gov per UTC day, all processes together (search pages first, then descriptions): 1,000 is a non-federal key's daily limit. Each request is reserved in the database before it is made.",
    ),
};

export interface SamConfig {
  /** SAM_API_KEY, kept out of logs; unset: the sync is off. */
  apiKey: { reveal(): string } | undefined;
  /** SAM_API_BASE_URL without a trailing slash. */
  baseUrl: string;
  /** SAM_SYNC_INTERVAL in milliseconds. */
  intervalMs: number;
  /** SAM_DAILY_REQUEST_BUDGET. */
  dailyRequestBudget: number;
}

export function resolveSamConfig(
  values: {
    SAM_API_KEY?: string | undefined;
    SAM_API_BASE_URL: string;
    SAM_SYNC_INTERVAL: number;
    SAM_DAILY_REQUEST_BUDGET: number;
  },
  keepSecret: (value: string) => { reveal(): string },
): SamConfig {
  return {
    apiKey: values.SAM_API_KEY === undefined ? undefined : keepSecret(values.SAM_API_KEY),
    baseUrl: values.SAM_API_BASE_URL,
    intervalMs: values.SAM_SYNC_INTERVAL,
    dailyRequestBudget: values.SAM_DAILY_REQUEST_BUDGET,
  };
}
