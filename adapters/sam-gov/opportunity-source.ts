import pRetry from 'p-retry';
import {
  OpportunitySourceError,
  type OpportunityPage,
  type OpportunitySearch,
  type OpportunitySource,
} from '../../core/services/government/sam/opportunity-source-port.ts';

export interface SamSourceOptions {
  /** SAM_API_BASE_URL, without a trailing slash. */
  baseUrl: string;
  /** SAM_API_KEY: read at each request, never written anywhere else. */
  apiKey: { reveal(): string };
  /** Each request's deadline (connect, answer, body). */
  timeoutMs?: number;
  /** A search page's bound (1,000 notices are about 3 MB); a description's is a tenth of it. */
  maxPageBytes?: number;
  /** Further attempts after the first, for 429, 5xx, timeouts and truncated answers. */
  retries?: number;
  /** The first back-off (doubling, with jitter); tests make it small. */
  firstDelayMs?: number;
  /** The longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs?: number;
}

const SEARCH_PATH = '/opportunities/v2/search';

/** A failure worth another attempt, with the wait the upstream asked for. */
class TransientError extends Error {
  override name = 'TransientError';
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
  }
}

/** YYYY-MM-DD -> MM/dd/yyyy, the format the search takes. */
function samDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${month}/${day}/${year}`;
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date, capped; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number, capMs: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Math.min(Number(text) * 1000, capMs);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), capMs);
}

/**
 * `url` with the api_key parameter's value replaced: what messages and logs may show of a request.
 * Linear: a split on `&` and a prefix test per parameter.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => (pair.toLowerCase().startsWith('api_key=') ? 'api_key=[redacted]' : pair))
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** The body, counted while it streams and cut at `maxBytes`; a body that ends early is a transient failure. */
async function readBounded(response: Response, maxBytes: number, what: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new OpportunitySourceError('unavailable', `${what} is larger than ${maxBytes} bytes`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new OpportunitySourceError('unavailable', `${what} is larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof OpportunitySourceError) throw error;
    throw new TransientError(`${what} was cut off (${(error as Error).message})`, undefined);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** The first 200 characters of an upstream error body, on one line, for the message (it never holds our key: we do not echo it). */
function upstreamSaid(body: string, apiKey: string): string {
  const line = body.replaceAll(apiKey, '[redacted]').replace(/\s+/g, ' ').trim().slice(0, 200);
  return line ? `: ${line}` : '';
}

/**
 * The Get Opportunities Public API v2 over fetch (adapters/ of the OpportunitySource port): the key
 * as the `api_key` query parameter, every call under p-retry (429 and 5xx retried after at least
 * their Retry-After, capped, plus a back-off that doubles with jitter; a timeout, a connection error,
 * a truncated or unparsable page retried too; 401/403 and other 4xx never), each request with a
 * deadline and a size bound, redirects never followed. Every message names the request with the key
 * redacted. Does NOT bound how many requests are made: the sync reserves each one in the daily budget.
 */
export function samOpportunitySource(options: SamSourceOptions): OpportunitySource {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPageBytes = options.maxPageBytes ?? 16 * 1024 * 1024;
  const retries = options.retries ?? 4;
  const firstDelayMs = options.firstDelayMs ?? 1000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const origin = new URL(options.baseUrl).origin;

  async function get(url: URL, maxBytes: number, what: string): Promise<string> {
    const key = options.apiKey.reveal();
    url.searchParams.set('api_key', key);
    const shown = redactUrl(url.href);
    return pRetry(
      async () => {
        let response: Response;
        try {
          response = await fetch(url, {
            redirect: 'manual',
            signal: AbortSignal.timeout(timeoutMs),
            headers: { accept: 'application/json' },
          });
        } catch (error) {
          const cause =
            (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'connection failed';
          throw new TransientError(`${what} ${shown}: ${cause}`, undefined);
        }
        const status = response.status;
        if (status === 200) return readBounded(response, maxBytes, `${what} ${shown}`);
        const body = await readBounded(response, 64 * 1024, `${what} ${shown}`).catch(() => '');
        const said = upstreamSaid(body, key);
        if (status === 429 || status >= 500) {
          const wait = retryAfterMs(response.headers.get('retry-after'), Date.now(), maxRetryAfterMs);
          throw new TransientError(`${what} ${shown}: HTTP ${status}${said}`, wait);
        }
        if (status === 401 || status === 403)
          throw new OpportunitySourceError(
            'rejected',
            `${what} ${shown}: HTTP ${status}, the API key was refused${said}`,
          );
        if (status === 404 && what === 'description')
          throw new OpportunitySourceError('not_found', `${what} ${shown}: HTTP 404${said}`);
        if (status >= 300 && status < 400)
          throw new OpportunitySourceError('refused', `${what} ${shown}: a redirect (HTTP ${status}), not followed`);
        throw new OpportunitySourceError('refused', `${what} ${shown}: HTTP ${status}${said}`);
      },
      {
        retries,
        factor: 2,
        minTimeout: firstDelayMs,
        maxTimeout: Math.max(firstDelayMs, 60_000),
        randomize: true,
        shouldRetry: ({ error }) => error instanceof TransientError,
        onFailedAttempt: async ({ error }) => {
          const wait = error instanceof TransientError ? error.retryAfterMs : undefined;
          if (wait !== undefined && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        },
      },
    ).catch((error: unknown) => {
      if (error instanceof OpportunitySourceError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new OpportunitySourceError('unavailable', `${message} (after ${retries + 1} attempts)`);
    });
  }

  /** A page parsed defensively: a body that is not JSON (cut off mid-way) is transient and retried. */
  async function searchPage(search: OpportunitySearch): Promise<OpportunityPage> {
    const url = new URL(`${options.baseUrl}${SEARCH_PATH}`);
    url.searchParams.set('postedFrom', samDate(search.postedFrom));
    url.searchParams.set('postedTo', samDate(search.postedTo));
    url.searchParams.set('limit', String(search.limit));
    url.searchParams.set('offset', String(search.offset));
    for (const type of search.ptype ?? []) url.searchParams.append('ptype', type);
    if (search.status) url.searchParams.set('status', search.status);
    let parsed: unknown;
    for (let attempt = 0; ; attempt++) {
      const text = await get(new URL(url), maxPageBytes, 'search');
      try {
        parsed = JSON.parse(text);
        break;
      } catch {
        if (attempt >= retries)
          throw new OpportunitySourceError(
            'unavailable',
            `search ${redactUrl(url.href)}: the page is not valid JSON (cut off?) after ${retries + 1} attempts`,
          );
        await new Promise((resolve) => setTimeout(resolve, firstDelayMs * 2 ** attempt));
      }
    }
    const page = parsed as { totalRecords?: unknown; opportunitiesData?: unknown };
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new OpportunitySourceError('unavailable', `search ${redactUrl(url.href)}: the page is not a JSON object`);
    const total = typeof page.totalRecords === 'number' ? page.totalRecords : Number(page.totalRecords ?? 0);
    const data = Array.isArray(page.opportunitiesData) ? page.opportunitiesData : [];
    return { totalRecords: Number.isSafeInteger(total) && total >= 0 ? total : 0, opportunitiesData: data };
  }

  function allowsDescriptionUrl(raw: string): boolean {
    try {
      const url = new URL(raw.trim());
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
    } catch {
      return false;
    }
  }

  async function description(raw: string): Promise<string> {
    if (!allowsDescriptionUrl(raw))
      throw new OpportunitySourceError(
        'forbidden_url',
        'the description link is not on SAM_API_BASE_URL\u2019s origin',
      );
    const url = new URL(raw.trim());
    url.searchParams.delete('api_key');
    const text = await get(url, Math.max(1024, Math.floor(maxPageBytes / 10)), 'description');
    // SAM.gov answers {"description": "..."}; a plain body is taken as it is.
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed === 'object' && parsed !== null && 'description' in parsed) {
        const value = (parsed as { description: unknown }).description;
        return typeof value === 'string' ? value : '';
      }
    } catch {
      // not JSON: the text itself
    }
    return text;
  }

  return { baseUrl: options.baseUrl, searchPage, description, allowsDescriptionUrl };
}
