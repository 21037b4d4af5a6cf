import { randomUUID } from 'node:crypto';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import { buildFixture, directoryCaller, removeFixture } from '../directory/fixtures.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

export type Json = any;

export const a2aUrl = (): string => `${service().config.baseUrl}/v1/agent/a2a`;

/** POSTs a JSON-RPC body (an object, or raw text) to the A2A endpoint. */
export function rpc(body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<Json>> {
  return request<Json>(a2aUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A 0.3 message/send request with these parts (and extra message fields). */
export function send03(parts: unknown[], message: Record<string, unknown> = {}, params: Record<string, unknown> = {}) {
  return {
    jsonrpc: '2.0',
    id: randomUUID(),
    method: 'message/send',
    params: { message: { kind: 'message', messageId: randomUUID(), role: 'user', parts, ...message }, ...params },
  };
}

/** A 1.0 SendMessage request with these parts (send it with A2A-Version: 1.0). */
export function send10(parts: unknown[], message: Record<string, unknown> = {}, params: Record<string, unknown> = {}) {
  return {
    jsonrpc: '2.0',
    id: randomUUID(),
    method: 'SendMessage',
    params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts, ...message }, ...params },
  };
}

export const V1 = { 'A2A-Version': '1.0' };

/** The header that sends an A2A access token. */
export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/**
 * A fetch for the official SDKs' transports that adds an A2A access token to every request (docs/a2a.md,
 * "Authentication and whose tasks"); the JSON-RPC method of each POST is appended to `sent`.
 */
export function withToken(token: string, sent: string[] = []): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    if (init?.method === 'POST') sent.push((JSON.parse(String(init.body)) as { method: string }).method);
    return fetch(input, { ...init, headers });
  };
}

/** A 0.3 data part calling a skill. */
export const skillPart03 = (skill: string, args?: Record<string, unknown>) => ({
  kind: 'data',
  data: { skill, ...(args ? { arguments: args } : {}) },
});

/**
 * Listings in the metros and trades the skills' example phrasings name (Austin, Denver, Houston;
 * plumbing, HVAC, electrical), so the text router's vocabulary knows them. Slugs carry a run tag,
 * so removing them leaves whatever else the database holds; the vocabulary cache is reset both ways.
 */
export async function insertExampleVocabulary(): Promise<() => Promise<void>> {
  const fixture = buildFixture();
  const [template] = fixture.published;
  const places = [
    { metro_key: 'austin', metro_label: 'Austin, TX', city: 'Austin', state: 'TX', postal_code: '78701' },
    { metro_key: 'denver', metro_label: 'Denver, CO', city: 'Denver', state: 'CO', postal_code: '80202' },
    { metro_key: 'houston', metro_label: 'Houston, TX', city: 'Houston', state: 'TX', postal_code: '77002' },
  ];
  const trades = [
    { industry_key: 'plumbing', industry_label: 'Plumbing' },
    { industry_key: 'hvac', industry_label: 'HVAC' },
    { industry_key: 'electrical', industry_label: 'Electrical' },
  ];
  const listings = places.flatMap((place, p) =>
    trades.map((trade, t) => ({
      ...template!,
      ...place,
      ...trade,
      photos: [],
      slug: fixture.slug(`example-${p}-${t}`),
      name: `Example ${trade.industry_label} ${place.city}`,
    })),
  );
  await directoryCaller().directory.insertListings({ listings });
  service().services.caches.routerVocabulary.invalidate();
  return async () => {
    await removeFixture(fixture);
    service().services.caches.routerVocabulary.invalidate();
  };
}

/**
 * @a2a-js/sdk 1.3 in its 0.3 compatibility mode, built from what a 0.3 client reads: the card without
 * 1.0's supportedInterfaces (protocolVersion, url, preferredTransport). `fetchImpl`: the transport's
 * fetch (a token's, a recording one), the global one by default.
 */
export async function compatClient(fetchImpl?: typeof fetch): Promise<Client> {
  const legacyCompat = { enabled: true };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ ...(fetchImpl ? { fetchImpl } : {}), legacyCompat })],
      cardResolver: new DefaultAgentCardResolver({ legacyCompat }),
    }),
  );
  const { supportedInterfaces: _current, ...legacyCard } = (
    await request<Json>(`${service().config.siteUrl}/.well-known/agent-card.json`)
  ).body;
  return factory.createFromAgentCard(legacyCard);
}
