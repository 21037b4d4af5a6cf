import { request, type JsonResponse } from './http.ts';
import { runPlatformProfile } from './platform-profile-server.ts';
import { service } from './root-hooks.ts';

/**
 * Checkout sessions over HTTP, for any test. UCP requires a `UCP-Agent` header naming the platform's
 * profile on every checkout operation (Create and Get included: 400 UCP_PROFILE_URL_INVALID without
 * it), so a test that creates or reads a session sends `await ucpAgentHeaders()`, or calls
 * `createCheckoutSession()` / `readCheckoutSession()`, which send it.
 *
 * The profile is the development one (`npm run dev:platform-profile`), served on 127.0.0.1 by one
 * server for the whole run (helpers/platform-profile-server.ts). Every app composed
 * from testConfig() (the shared service, startAdjustedApp, startPaidApp) fetches it, since
 * testConfig turns UCP_PROFILE_ALLOW_HTTP_LOOPBACK on. Suites testing negotiation itself (bad,
 * slow, changing profiles) use test/ucp/platform-app.ts instead.
 */

/** The URL of the run's valid platform profile (UCP 2026-08-25, with dev.ucp.shopping.checkout). */
export async function platformProfileUrl(): Promise<string> {
  return (await runPlatformProfile()).url;
}

/** `{'UCP-Agent': 'profile="<the run's platform profile>"'}`: spread it into a checkout request's headers. */
export async function ucpAgentHeaders(): Promise<{ 'UCP-Agent': string }> {
  return (await runPlatformProfile()).header;
}

interface SessionRequest {
  /** `{base_url}` of the app (default: the shared service's, `{site_url}/api`). */
  baseUrl?: string;
  /** The JSON body (default: none; Create takes an empty request as the one line of the one item). */
  body?: unknown;
  /** More headers (Idempotency-Key, X-Forwarded-For...); a `UCP-Agent` here replaces the run's. */
  headers?: Record<string, string>;
  /** `checkout-sessions` (UCP's REST binding path, default) or `checkout` (the same resource). */
  path?: 'checkout-sessions' | 'checkout';
}

const sessionsUrl = (options: SessionRequest) =>
  `${options.baseUrl ?? `${service().url}/api`}/v1/agent/ucp/${options.path ?? 'checkout-sessions'}`;

/** POST a checkout session with the UCP-Agent header; answers the response whatever its status (201 expected). */
export async function createCheckoutSession<T = any>(options: SessionRequest = {}): Promise<JsonResponse<T>> {
  const json: Record<string, string> = options.body === undefined ? {} : { 'Content-Type': 'application/json' };
  return request<T>(sessionsUrl(options), {
    method: 'POST',
    headers: { ...(await ucpAgentHeaders()), ...json, ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

/** GET one checkout session with the UCP-Agent header. */
export async function readCheckoutSession<T = any>(
  id: string,
  options: Omit<SessionRequest, 'body'> = {},
): Promise<JsonResponse<T>> {
  return request<T>(`${sessionsUrl(options)}/${encodeURIComponent(id)}`, {
    headers: { ...(await ucpAgentHeaders()), ...options.headers },
  });
}
