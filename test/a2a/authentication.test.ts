import { randomUUID } from 'node:crypto';
import { AgentCard } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import {
  ClientFactory as ClientFactory03,
  ClientFactoryOptions as ClientFactoryOptions03,
  DefaultAgentCardResolver as DefaultAgentCardResolver03,
  JsonRpcTransportFactory as JsonRpcTransportFactory03,
} from 'a2a-js-sdk-v03/client';
import { expect } from 'chai';
import { a2aAccessToken, type A2aAccessToken } from '../helpers/a2a-access-token.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { grantFor, rpc as mcpRpc, tokenFor } from '../mcp/fixtures.ts';
import { mint } from '../oauth/token-fixtures.ts';
import { rpc, send03, send10, skillPart03, V1, type Json, compatClient } from './fixtures.ts';

const a2aResource = () => `${service().config.baseUrl}/v1/agent/a2a`;
const a2aMetadata = () => `${service().config.siteUrl}/.well-known/oauth-protected-resource/api/v1/agent/a2a`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const getTask03 = (id: string) => ({ jsonrpc: '2.0', id: randomUUID(), method: 'tasks/get', params: { id } });
const getTask10 = (id: string) => ({ ...getTask03(id), method: 'GetTask' });
const extendedCard10 = () => ({ jsonrpc: '2.0', id: randomUUID(), method: 'GetExtendedAgentCard' });
const extendedCard03 = () => ({ jsonrpc: '2.0', id: randomUUID(), method: 'agent/getAuthenticatedExtendedCard' });
const skill10 = () => send10([{ data: { skill: 'find-blog-posts', arguments: { per_page: 1 } } }]);

/** The JSON-RPC error of a task nobody may see: -32001 within HTTP 200, as for an id never issued. */
function expectTaskNotFound(response: JsonResponse<Json>): void {
  expect(response.status, response.text).to.equal(200);
  expect(response.body.error?.code, response.text).to.equal(-32001);
  expect(response.body).not.to.have.property('result');
}

/** A refused credential: the status, the RFC 6750/9728 challenge, and the dual ErrorMessage + JSON-RPC body. */
function expectRefusal(
  response: JsonResponse<Json>,
  status: 401 | 403,
  id: unknown,
  challenge: { error?: string } = {},
): void {
  expect(response.status, response.text).to.equal(status);
  const header = response.headers.get('www-authenticate') ?? '';
  expect(header).to.match(/^Bearer /);
  expect(header).to.contain(`resource_metadata="${a2aMetadata()}"`);
  expect(header).to.contain('scope="a2a:tasks"');
  if (challenge.error) expect(header).to.contain(`error="${challenge.error}"`);
  else expect(header).not.to.contain('error=');
  const code = status === 401 ? 'A2A_UNAUTHORIZED' : 'A2A_INSUFFICIENT_SCOPE';
  expect(response.body).to.include({ code, status, jsonrpc: '2.0' });
  expect(response.body.id).to.equal(id);
  expect(response.body.error.code).to.equal(status === 401 ? -32031 : -32032);
  expect(response.body.error.message).to.equal(response.body.message);
}

describe('A2A authentication: the OAuth A2A resource, whose tasks, the extended card', function () {
  this.timeout(120_000);
  let owner: A2aAccessToken;
  let other: A2aAccessToken;

  before(async () => {
    owner = await a2aAccessToken();
    other = await a2aAccessToken();
  });

  describe('the A2A resource of the authorization server', () => {
    it('serves its RFC 9728 metadata at the path-inserted location, beside the MCP resource’s', async () => {
      const response = await request<Json>(a2aMetadata());
      expect(response.status, response.text).to.equal(200);
      expect(response.body).to.deep.equal({
        resource: a2aResource(),
        authorization_servers: [service().config.siteUrl],
        scopes_supported: ['a2a:tasks'],
        bearer_methods_supported: ['header'],
        resource_name: 'Field Service Public Agent (A2A)',
      });
      const mcp = await request<Json>(`${service().config.siteUrl}/.well-known/oauth-protected-resource`);
      expect(mcp.body.resource).to.equal(`${service().config.baseUrl}/v1/mcp`);
      expect(mcp.body.scopes_supported).not.to.include('a2a:tasks');
      const as = await request<Json>(`${service().config.siteUrl}/.well-known/oauth-authorization-server`);
      expect(as.body.scopes_supported).to.include('a2a:tasks').and.include('mcp:read');
    });

    it('issues through the real flow a token whose aud is the A2A endpoint and whose only scope is a2a:tasks', () => {
      const claims = JSON.parse(Buffer.from(owner.token.split('.')[1]!, 'base64url').toString());
      expect(claims.aud).to.equal(a2aResource());
      expect(claims.scope).to.equal('a2a:tasks');
      expect(owner.scope).to.equal('a2a:tasks');
      expect(owner.grantId).to.match(/^[0-9a-f-]{36}$/);
      expect(other.grantId).not.to.equal(owner.grantId);
    });

    it('refreshes an A2A token for the same resource and scope', async () => {
      const refreshed = await request<Json>(`${service().config.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: owner.clientId,
          refresh_token: owner.refreshToken!,
        }).toString(),
      });
      expect(refreshed.status, refreshed.text).to.equal(200);
      const claims = JSON.parse(Buffer.from(refreshed.body.access_token.split('.')[1], 'base64url').toString());
      expect(claims).to.include({ aud: a2aResource(), scope: 'a2a:tasks', grant_id: owner.grantId });
      owner = { ...owner, token: refreshed.body.access_token, refreshToken: refreshed.body.refresh_token };
    });

    it('refuses at authorize a resource it does not know, and an A2A scope asked for the MCP resource', async () => {
      const registered = await request<Json>(`${service().config.baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:45123/cb'], scope: 'mcp:read a2a:tasks' }),
      });
      expect(registered.status, registered.text).to.equal(201);
      const authorize = async (extra: Record<string, string>) => {
        const query = new URLSearchParams({
          response_type: 'code',
          client_id: registered.body.client_id,
          redirect_uri: 'http://127.0.0.1:45123/cb',
          state: 'x',
          code_challenge: 'a'.repeat(43),
          code_challenge_method: 'S256',
          ...extra,
        });
        const response = await fetch(`${service().config.baseUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
        return new URL(response.headers.get('location')!).searchParams;
      };
      expect((await authorize({ resource: `${a2aResource()}/x`, scope: 'a2a:tasks' })).get('error')).to.equal(
        'invalid_target',
      );
      const mixed = await authorize({ scope: 'mcp:read a2a:tasks' });
      expect(mixed.get('error')).to.equal('invalid_scope');
      expect(mixed.get('error_description')).to.contain(`resource=${a2aResource()}`);
      const both = new URLSearchParams({ resource: a2aResource() });
      both.append('resource', `${service().config.baseUrl}/v1/mcp`);
      const twoResources = await fetch(
        `${service().config.baseUrl}/oauth/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: registered.body.client_id,
          redirect_uri: 'http://127.0.0.1:45123/cb',
          state: 'x',
          code_challenge: 'a'.repeat(43),
          code_challenge_method: 'S256',
          scope: 'a2a:tasks',
        })}&${both}`,
        { redirect: 'manual' },
      );
      expect(new URL(twoResources.headers.get('location')!).searchParams.get('error')).to.equal('invalid_target');
    });
  });

  describe('whose tasks', () => {
    it('a task created with a token is read with that token, and is -32001 to no token and to another grant', async () => {
      const sent = await rpc(skill10(), { ...V1, ...bearer(owner.token) });
      expect(sent.status, sent.text).to.equal(200);
      const { task } = sent.body.result;
      const owned = await rpc(getTask10(task.id), { ...V1, ...bearer(owner.token) });
      expect(owned.body.result.id).to.equal(task.id);
      expect((await rpc(getTask03(task.id), bearer(owner.token))).body.result.id).to.equal(task.id);

      expectTaskNotFound(await rpc(getTask10(task.id), V1));
      expectTaskNotFound(await rpc(getTask03(task.id)));
      expectTaskNotFound(await rpc(getTask10(task.id), { ...V1, ...bearer(other.token) }));
      expectTaskNotFound(await rpc(getTask03(task.id), bearer(other.token)));
    });

    it('continuing another caller’s task with message/send taskId is -32001, as for an unknown id', async () => {
      const sent = await rpc(send03([skillPart03('find-blog-posts', { per_page: 1 })]), bearer(owner.token));
      const task = sent.body.result;
      const again = (headers: Record<string, string>) =>
        rpc(send03([{ kind: 'text', text: 'and more' }], { taskId: task.id, contextId: task.contextId }), headers);
      expectTaskNotFound(await again({}));
      expectTaskNotFound(await again(bearer(other.token)));
      const modern = send10([{ text: 'and more' }], { taskId: task.id, contextId: task.contextId });
      expectTaskNotFound(await rpc(modern, V1));
      expectTaskNotFound(await rpc(modern, { ...V1, ...bearer(other.token) }));
      // Its owner finds it: the task has ended, which is the answer to a continuation of a completed task.
      const own = await again(bearer(owner.token));
      expect(own.body.error?.code, own.text).to.equal(-32004);
    });

    it('an anonymous task is read by whoever holds its id, with or without a token', async () => {
      const sent = await rpc(skill10(), V1);
      const { task } = sent.body.result;
      expect((await rpc(getTask10(task.id), V1)).body.result.id).to.equal(task.id);
      expect((await rpc(getTask10(task.id), { ...V1, ...bearer(owner.token) })).body.result.id).to.equal(task.id);
      expect((await rpc(getTask03(task.id), bearer(other.token))).body.result.id).to.equal(task.id);
    });
  });

  describe('refused credentials', () => {
    it('401 invalid_token for a malformed token, a workspace API token and an MCP token, before anything runs', async () => {
      const body = skill10();
      const mcpToken = await tokenFor(owner.businessId, 'mcp:read');
      for (const token of ['not-a-token', `fsa_ws_${'a'.repeat(40)}`, mcpToken]) {
        const response = await rpc(body, { ...V1, ...bearer(token) });
        expectRefusal(response, 401, body.id, { error: 'invalid_token' });
      }
      // 0.3 gets the same refusal, its request id echoed.
      const legacy = send03([skillPart03('find-blog-posts', { per_page: 1 })]);
      expectRefusal(await rpc(legacy, bearer(mcpToken)), 401, legacy.id, { error: 'invalid_token' });
    });

    it('401 once the grant is revoked', async () => {
      const revoked = await a2aAccessToken();
      expect((await rpc(getTask10(randomUUID()), { ...V1, ...bearer(revoked.token) })).status).to.equal(200);
      const revocation = await request(`${service().config.baseUrl}/oauth/revoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: revoked.refreshToken!, client_id: revoked.clientId }).toString(),
      });
      expect(revocation.status, revocation.text).to.equal(200);
      const body = getTask10(randomUUID());
      expectRefusal(await rpc(body, { ...V1, ...bearer(revoked.token) }), 401, body.id, { error: 'invalid_token' });
    });

    it('403 insufficient_scope for a token of the A2A audience without a2a:tasks', async () => {
      const grant = await grantFor(owner.businessId, 'mcp:read');
      const { token } = await mint(grant, { audience: a2aResource() });
      const body = getTask10(randomUUID());
      expectRefusal(await rpc(body, { ...V1, ...bearer(token) }), 403, body.id, { error: 'insufficient_scope' });
    });

    it('an A2A token is refused on MCP (another audience)', async () => {
      const response = await mcpRpc(owner.token, 'tools/list', {});
      expect(response.status, response.text).to.equal(401);
      expect(response.headers.get('www-authenticate')).to.contain('error="invalid_token"');
    });
  });

  describe('security on the card', () => {
    const card = async () => (await request<Json>(`${service().config.siteUrl}/.well-known/agent-card.json`)).body;

    it('declares the authorization code flow with PKCE of this service in 0.3’s and 1.0’s words, anonymous allowed', async () => {
      const served = await card();
      const base = service().config.baseUrl;
      const flow = {
        authorizationUrl: `${base}/oauth/authorize`,
        tokenUrl: `${base}/oauth/token`,
        refreshUrl: `${base}/oauth/token`,
        scopes: { 'a2a:tasks': served.securitySchemes.oauth2.flows.authorizationCode.scopes['a2a:tasks'] },
        pkceRequired: true,
      };
      const metadataUrl = `${service().config.siteUrl}/.well-known/oauth-authorization-server`;
      expect(served.securitySchemes.oauth2).to.deep.include({
        type: 'oauth2',
        flows: { authorizationCode: flow },
        oauth2MetadataUrl: metadataUrl,
      });
      expect(served.securitySchemes.oauth2.oauth2SecurityScheme).to.deep.include({
        flows: { authorizationCode: flow },
        oauth2MetadataUrl: metadataUrl,
      });
      expect(flow.scopes['a2a:tasks']).to.be.a('string').and.not.empty;
      expect(served.security).to.deep.equal([{ oauth2: ['a2a:tasks'] }, {}]);
      expect(served.securityRequirements).to.deep.equal([{ schemes: { oauth2: { list: ['a2a:tasks'] } } }, {}]);
      expect(served.capabilities.extendedAgentCard).to.equal(true);
      expect(served.supportsAuthenticatedExtendedCard).to.equal(true);
      for (const skill of served.skills) {
        expect(skill).not.to.have.property('security');
        expect(skill).not.to.have.property('securityRequirements');
      }
    });

    it('parses in @a2a-js/sdk 1.3 (1.0) as an OAuth2 scheme with the authorization code flow', async () => {
      const parsed = AgentCard.fromJSON(await card());
      const scheme = parsed.securitySchemes.oauth2?.scheme;
      expect(scheme?.$case).to.equal('oauth2SecurityScheme');
      const flow = scheme?.$case === 'oauth2SecurityScheme' ? scheme.value.flows?.flow : undefined;
      expect(flow?.$case).to.equal('authorizationCode');
      expect(flow?.$case === 'authorizationCode' ? flow.value.pkceRequired : undefined).to.equal(true);
      expect(parsed.securityRequirements.map((requirement) => Object.keys(requirement.schemes))).to.deep.equal([
        ['oauth2'],
        [],
      ]);
      expect(parsed.capabilities?.extendedAgentCard).to.equal(true);
    });

    it('parses in a2a-js 0.3.14 as the JSON form (type oauth2), not as the proto form', async () => {
      const resolved = (await new DefaultAgentCardResolver03().resolve(service().config.siteUrl)) as Json;
      expect(resolved.securitySchemes.oauth2.type).to.equal('oauth2');
      expect(resolved.securitySchemes.oauth2.flows.authorizationCode.tokenUrl).to.equal(
        `${service().config.baseUrl}/oauth/token`,
      );
      expect(resolved.security).to.deep.equal([{ oauth2: ['a2a:tasks'] }, {}]);
      expect(resolved.supportsAuthenticatedExtendedCard).to.equal(true);
    });
  });

  describe('the authenticated extended card', () => {
    it('1.0 GetExtendedAgentCard and 0.3 agent/getAuthenticatedExtendedCard answer it to a token', async () => {
      const publicCard = (await request<Json>(`${service().config.siteUrl}/.well-known/agent-card.json`)).body;
      const modern = await rpc(extendedCard10(), { ...V1, ...bearer(owner.token) });
      expect(modern.status, modern.text).to.equal(200);
      const extended = modern.body.result;
      expect(extended.description).to.contain(publicCard.description).and.contain('Authenticated');
      // The public card's skills, and those for the caller's own business, which need the token.
      expect(extended.skills.filter((skill: Json) => skill.id !== 'list-events')).to.deep.equal(publicCard.skills);
      expect(extended.skills.map((skill: Json) => skill.id)).to.include('list-events');
      expect(publicCard.skills.map((skill: Json) => skill.id)).not.to.include('list-events');
      expect(extended.securitySchemes).to.deep.equal(publicCard.securitySchemes);
      const legacy = await rpc(extendedCard03(), bearer(owner.token));
      expect(legacy.body.result).to.deep.equal(extended);
    });

    it('is 401 with the challenge (no error code) to an anonymous caller, in both versions', async () => {
      const modern = extendedCard10();
      expectRefusal(await rpc(modern, V1), 401, modern.id);
      const legacy = extendedCard03();
      expectRefusal(await rpc(legacy), 401, legacy.id);
    });

    it('the SDKs fetch it with a token: @a2a-js/sdk 1.3 (1.0 and its 0.3 mode) and a2a-js 0.3.14 getAgentCard', async () => {
      const withToken: typeof fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Authorization', `Bearer ${owner.token}`);
        return fetch(input, { ...init, headers });
      };
      const factory = new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          transports: [new JsonRpcTransportFactory({ fetchImpl: withToken })],
        }),
      );
      const client = await factory.createFromUrl(service().config.siteUrl);
      const modern = await client.getAgentCard();
      expect(modern.description).to.contain('Authenticated');

      // The same SDK in its 0.3 mode, from the card's 0.3 fields: agent/getAuthenticatedExtendedCard.
      const compat = await (await compatClient(withToken)).getAgentCard();
      expect(compat.description).to.contain('Authenticated');
      expect(compat.securitySchemes.oauth2?.scheme?.$case).to.equal('oauth2SecurityScheme');

      const factory03 = new ClientFactory03(
        ClientFactoryOptions03.createFrom(ClientFactoryOptions03.default, {
          transports: [new JsonRpcTransportFactory03({ fetchImpl: withToken })],
        }),
      );
      const client03 = await factory03.createFromUrl(service().config.siteUrl);
      const legacy = await client03.getAgentCard();
      expect(legacy.description).to.contain('Authenticated');

      // Without a token the SDK surfaces the refusal as an error.
      const anonymous = await new ClientFactory().createFromUrl(service().config.siteUrl);
      const failure = await anonymous.getAgentCard().then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure).to.be.instanceOf(Error);
    });
  });
});
