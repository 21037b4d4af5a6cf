/**
 * What a fetch of a UCP platform profile answered: the parsed JSON and its HTTP caching, or why
 * not: `refused` (the URL's host is not a public address, or did not resolve), `unreachable` (no
 * 200 in time: connection, status, redirect, deadline), `invalid` (a 200 that is not acceptable
 * JSON: type, coding, size, syntax). `problem` is shown to the platform and names nothing of our
 * network; `detail` is for the log only.
 */
type FetchedPlatformProfile =
  | { ok: true; body: unknown; maxAgeSeconds: number | undefined; noStore: boolean }
  | { ok: false; kind: 'refused' | 'unreachable' | 'invalid'; problem: string; detail?: string };

/**
 * The port through which a checkout request's platform profile (the UCP-Agent header's `profile`)
 * is fetched. The transport side (adapters/ucp/) implements it with the connect-time SSRF guard, no
 * redirects, a size limit and a deadline; core never makes the request itself. Never throws.
 */
export interface PlatformProfileFetcher {
  fetch(url: string): Promise<FetchedPlatformProfile>;
}
