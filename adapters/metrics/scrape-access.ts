import { createHash, timingSafeEqual } from 'node:crypto';
import type { Secret } from '../../core/config.ts';
import { isLoopbackPeer } from '../http/site-urls.ts';

export interface ScrapeAccessOptions {
  /** METRICS_TOKEN. */
  token: Secret<string> | undefined;
  /** TRUST_PROXY: a reverse proxy on this host forwards public requests, so a loopback peer proves nothing. */
  trustProxy: boolean;
}

/** What a scrape request shows: the bearer token it carried, and its TCP peer (never X-Forwarded-For). */
export interface ScrapeRequest {
  bearer: string | undefined;
  peer: string | undefined;
}

/** allowed; `wrong-token` (401: a token was sent and is not METRICS_TOKEN); `hidden` (404, as if there were no such route). */
export type ScrapeDecision = 'allowed' | 'wrong-token' | 'hidden';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Who may read GET /api/metrics. With METRICS_TOKEN set, a request that carries it as a bearer
 * token, compared in constant time (both sides hashed first, so the length leaks nothing either);
 * a different token is refused (401) so a misconfigured scraper says why. Without a token, a TCP
 * peer on loopback, and only while TRUST_PROXY is off: behind a reverse proxy on the same host
 * every public request arrives from loopback. Everyone else gets the 404 of an unknown route.
 *
 * Does NOT cover a local user of the machine (loopback access is for the operator's own host) nor
 * a token leaked by the scraper's configuration; the metrics name no tenant and hold no secret.
 */
export function scrapeAccess({ token, trustProxy }: ScrapeAccessOptions): (request: ScrapeRequest) => ScrapeDecision {
  const expected = token === undefined ? undefined : digest(token.reveal());
  return ({ bearer, peer }) => {
    if (expected !== undefined && bearer !== undefined)
      return timingSafeEqual(digest(bearer), expected) ? 'allowed' : 'wrong-token';
    if (!trustProxy && isLoopbackPeer(peer)) return 'allowed';
    return 'hidden';
  };
}
