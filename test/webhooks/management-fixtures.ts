import type { apiTokenScopes } from '../../core/auth/scopes.ts';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

export type Json = Record<string, any>;
type ApiTokenScope = (typeof apiTokenScopes)[number];

export interface ManagedBusiness {
  id: string;
  slug: string;
  /** A token with webhooks:manage. */
  token: string;
  /** Calls {base_url}/v1/webhook-endpoints... with this business's token (or the one given). */
  call: (method: string, path: string, body?: unknown, bearer?: string | null) => Promise<JsonResponse<Json>>;
  /** Another token of the business with these scopes. */
  tokenWith: (scopes: ApiTokenScope[]) => Promise<string>;
}

function caller() {
  const running = service();
  return systemCaller({
    orm: running.database.orm,
    services: running.services,
    config: running.config,
    log: createLogger('silent'),
  });
}

/** A new business with a webhooks:manage token, through the same admin procedures `npm run admin` uses. */
export async function managedBusiness(label: string): Promise<ManagedBusiness> {
  const admin = caller();
  const suffix = Math.random().toString(36).slice(2, 8);
  const business = await admin.accounts.createBusiness({
    name: `Webhooks ${label} ${suffix}`,
    time_zone: 'America/Chicago',
    currency: 'USD',
  });
  const tokenWith = async (scopes: ApiTokenScope[]) =>
    (await admin.accounts.createApiToken({ business: business.slug, name: `webhooks ${scopes.join(' ')}`, scopes }))
      .token;
  const token = await tokenWith(['webhooks:manage']);
  const call = (method: string, path: string, body?: unknown, bearer: string | null = token) =>
    request<Json>(`${service().url}/api/v1/webhook-endpoints${path}`, {
      method,
      headers: {
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { id: business.id, slug: business.slug, token, call, tokenWith };
}

/** A valid creation body (a public https URL: nothing is sent to it in these tests). */
export function endpointBody(overrides: Json = {}): Json {
  return { url: 'https://hooks.example.com/fsa', enabled_events: ['customer.created'], ...overrides };
}
