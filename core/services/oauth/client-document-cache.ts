import type { ClientDocumentFetcher, FetchedClientDocument } from './client-document-port.ts';

/**
 * How long a fetched client ID metadata document is reused (the draft and MCP: "SHOULD cache
 * metadata respecting HTTP cache headers"; the server sets its own bounds). Cache-Control max-age is
 * honoured between MIN and MAX: at least 30 s, so that the three steps of one authorization (request,
 * sign-in, consent) do not fetch it three times whatever it says; at most one hour, so that a client
 * that withdraws a redirect URI is obeyed within the hour. `no-store` / `no-cache` are honoured
 * literally (the answer is not kept; concurrent requests still share one fetch). No max-age: 5 minutes.
 * A failure is kept for 5 s only: long enough to absorb a burst, short enough for a developer fixing
 * the document.
 */
export const DOCUMENT_TTL_BOUNDS_MS = { min: 30_000, max: 3_600_000, default: 300_000, failure: 5_000 } as const;
/** At most this many documents are held (each at most 5 KiB of JSON); the oldest goes first. */
export const DOCUMENT_CACHE_LIMIT = 1_000;

/** The fetcher with caching: what CoreServices.oauthClientDocuments exposes. */
export interface ClientDocumentSource {
  /** OAUTH_CIMD_ALLOW_HTTP_LOOPBACK: client_id URLs may be http://127.0.0.1:<port>/... (development, tests). */
  allowHttpLoopback: boolean;
  /** The document at `url`, from memory while fresh; concurrent calls for one URL share one fetch. */
  fetch(url: string): Promise<FetchedClientDocument>;
  /** Documents held now, and the most it holds (the metrics). */
  size(): { entries: number; limit: number };
}

function timeToLive(fetched: FetchedClientDocument): number {
  if (!fetched.ok) return DOCUMENT_TTL_BOUNDS_MS.failure;
  if (fetched.noStore) return 0;
  if (fetched.maxAgeSeconds === undefined) return DOCUMENT_TTL_BOUNDS_MS.default;
  return Math.min(DOCUMENT_TTL_BOUNDS_MS.max, Math.max(DOCUMENT_TTL_BOUNDS_MS.min, fetched.maxAgeSeconds * 1000));
}

/**
 * A bounded in-process cache in front of the fetcher, per URL, on the monotonic clock. Fifty
 * authorizations arriving at once for one uncached URL make one request: the first starts the fetch
 * and the others wait for the same promise (its answer is shared, success or failure). An attacker
 * naming many different URLs costs one fetch each (bounded by the fetcher's deadline and size limit),
 * paid for by one request of theirs each, and pushes out at most the oldest entries.
 */
export function createClientDocumentSource(
  fetcher: ClientDocumentFetcher,
  options: { allowHttpLoopback: boolean; now?: () => number },
): ClientDocumentSource {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { fetched: FetchedClientDocument; expiresAt: number }>();
  const inFlight = new Map<string, Promise<FetchedClientDocument>>();

  function remember(url: string, fetched: FetchedClientDocument, startedAt: number): void {
    const ttl = timeToLive(fetched);
    entries.delete(url);
    if (ttl <= 0) return;
    if (entries.size >= DOCUMENT_CACHE_LIMIT) entries.delete(entries.keys().next().value!);
    entries.set(url, { fetched, expiresAt: startedAt + ttl });
  }

  return {
    allowHttpLoopback: options.allowHttpLoopback,
    size: () => ({ entries: entries.size, limit: DOCUMENT_CACHE_LIMIT }),
    fetch(url) {
      const at = now();
      const cached = entries.get(url);
      if (cached && cached.expiresAt > at) return Promise.resolve(cached.fetched);
      const pending = inFlight.get(url);
      if (pending) return pending;
      const started = fetcher
        .fetch(url)
        .catch((error: unknown): FetchedClientDocument => ({
          ok: false,
          kind: 'failed',
          problem: `could not be fetched (${(error as Error).message})`,
        }))
        .then((fetched) => {
          remember(url, fetched, at);
          return fetched;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, started);
      return started;
    },
  };
}
