/** What one POST to a receiver brought back, already storable and bounded by the transport. */
export interface WebhookPostResult {
  /** The HTTP status; absent when no response came. */
  status?: number;
  /** The Retry-After header as received. */
  retryAfter?: string;
  /** The first KiB of the response body. */
  responseBody?: string;
  /** Why no answer came, in words that name no address of ours: what the tenant sees (last_error). */
  error?: string;
  /** What happened (the resolved address, the DNS error code): for the server log only, never stored. */
  errorDetail?: string;
  durationMs: number;
}

/**
 * The outbound webhook transport: core signs and decides, the transport only carries the bytes.
 * Filled by the composition root with the HTTP poster of adapters/webhooks/ (its connect-time SSRF
 * guard, no redirects, the attempt deadline), so core never opens a socket.
 */
export interface WebhookTransport {
  post(url: string, body: string, headers: Record<string, string>): Promise<WebhookPostResult>;
}
