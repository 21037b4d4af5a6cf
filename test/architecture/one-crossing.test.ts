import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { rpc as a2aRpc, send03, send10, V1 } from '../a2a/fixtures.ts';
import { a2aAccessToken } from '../helpers/a2a-access-token.ts';
import { openSse, request10, skillPart10, stream10 } from '../a2a/sse.ts';
import { request } from '../helpers/http.ts';
import type { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';
import { seedWorkspace, type Workspace } from '../helpers/tenant-isolation.ts';
import { rpc as mcpRpc, tokenFor } from '../mcp/fixtures.ts';
import { paidAppSuite } from '../payments/paid-app.ts';
import { paymentRequiredOf, signPayment } from '../payments/payer.ts';
import { ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

/**
 * The invoker logs each call into core at debug level ("core call", with the procedure and whether
 * it came from inside core: a port running a procedure, as the A2A skill runner does). An adapter
 * crosses into core once per request: these count the crossings of each protocol's request.
 */
function crossingsOf(logs: LogSink, requestId: string): string[] {
  return logs.lines
    .filter((line) => line.reqId === requestId && line.msg === 'core call' && line.nested === false)
    .map((line) => String(line.procedure));
}

const traced = (): { 'X-Request-Id': string } => ({ 'X-Request-Id': `crossing-${randomUUID()}` });

describe('one crossing into core per request', function () {
  this.timeout(60_000);

  const expectOne = (logs: LogSink, headers: { 'X-Request-Id': string }, status: number, expected: number) => {
    expect(status).to.equal(expected);
    const crossings = crossingsOf(logs, headers['X-Request-Id']);
    expect(crossings, `crossings of ${headers['X-Request-Id']}: ${crossings.join(', ')}`).to.have.length(1);
  };

  it('a REST list', async () => {
    const headers = traced();
    const response = await request(`${service().config.baseUrl}/v1/directory/public?per_page=5`, { headers });
    expectOne(service().logs, headers, response.status, 200);
  });

  it('an idempotent REST POST: first answer, replay and another body under the key', async () => {
    const key = `crossing-${randomUUID()}`;
    const agent = await ucpAgentHeaders();
    const post = (body: unknown, headers: Record<string, string>) =>
      request(`${service().config.baseUrl}/v1/agent/ucp/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...agent, ...headers },
        body: JSON.stringify(body),
      });
    const first = traced();
    expectOne(service().logs, first, (await post({}, first)).status, 201);
    const replay = traced();
    const replayed = await post({}, replay);
    expectOne(service().logs, replay, replayed.status, 200);
    expect(replayed.headers.get('Idempotency-Replayed')).to.equal('true');
    const other = traced();
    expectOne(service().logs, other, (await post({ buyer: { email: 'a@example.com' } }, other)).status, 409);
  });

  it('A2A message/send (0.3, with and without Idempotency-Key), SendMessage (1.0) and tasks/get', async () => {
    const ask = { kind: 'data', data: { skill: 'find-businesses', arguments: { per_page: 2 } } };
    const plain = traced();
    const sent = await a2aRpc(send03([ask]), plain);
    expectOne(service().logs, plain, sent.status, 200);
    // The skill's own procedure runs inside core, through the skill-runner port: nested, not a crossing.
    expect(service().logs.lines.some((line) => line.reqId === plain['X-Request-Id'] && line.nested === true)).to.equal(
      true,
    );

    const keyed = traced();
    expectOne(
      service().logs,
      keyed,
      (await a2aRpc(send03([ask]), { ...keyed, 'Idempotency-Key': `crossing-${randomUUID()}` })).status,
      200,
    );

    const modern = traced();
    const modernAsk = { data: { skill: 'find-businesses', arguments: { per_page: 2 } }, mediaType: 'application/json' };
    expectOne(service().logs, modern, (await a2aRpc(send10([modernAsk]), { ...V1, ...modern })).status, 200);

    const taskId = (sent.body as { result: { id: string } }).result.id;
    const read = traced();
    const got = await a2aRpc({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: taskId } }, read);
    expectOne(service().logs, read, got.status, 200);
    expect((got.body as { result: { id: string } }).result.id).to.equal(taskId);
  });

  it('the A2A agent card (GET and HEAD at each of its URLs): signed in its one call', async () => {
    const site = service().config.siteUrl;
    for (const url of [
      `${site}/api/v1/agent/a2a`,
      `${site}/.well-known/agent-card.json`,
      `${site}/.well-known/agent.json`,
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const headers = traced();
        const response = await fetch(url, { method, headers });
        await response.arrayBuffer();
        expectOne(service().logs, headers, response.status, 200);
      }
    }
  });

  it('A2A push notification config methods (an anonymous caller refused in core)', async () => {
    const headers = traced();
    const response = await a2aRpc(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'CreateTaskPushNotificationConfig',
        params: { taskId: randomUUID(), url: 'https://example.com/hook' },
      },
      { ...V1, ...headers },
    );
    expectOne(service().logs, headers, response.status, 401);
  });

  it('A2A ListTasks and CancelTask (1.0), tasks/cancel (0.3)', async () => {
    const contextId = randomUUID();
    const ask = { kind: 'text', text: 'hello' };
    const sent = await a2aRpc(send03([ask], { contextId }));
    const taskId = (sent.body as { result: { id: string } }).result.id;
    const listed = traced();
    const list = { jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { contextId } };
    expectOne(service().logs, listed, (await a2aRpc(list, { ...V1, ...listed })).status, 200);
    const canceled = traced();
    const cancel = { jsonrpc: '2.0', id: 2, method: 'CancelTask', params: { id: taskId } };
    expectOne(service().logs, canceled, (await a2aRpc(cancel, { ...V1, ...canceled })).status, 200);
    const legacy = traced();
    const cancel03 = { jsonrpc: '2.0', id: 3, method: 'tasks/cancel', params: { id: taskId } };
    expectOne(service().logs, legacy, (await a2aRpc(cancel03, legacy)).status, 200);
  });

  it('A2A with an access token (verified in the adapter, not a crossing): GetExtendedAgentCard and SendMessage', async () => {
    const { token } = await a2aAccessToken();
    const card = traced();
    const extended = await a2aRpc(
      { jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard' },
      { ...V1, ...card, Authorization: `Bearer ${token}` },
    );
    expectOne(service().logs, card, extended.status, 200);
    const anonymous = traced();
    expectOne(
      service().logs,
      anonymous,
      (await a2aRpc({ jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard' }, { ...V1, ...anonymous })).status,
      401,
    );
    const sent = traced();
    const ask = { data: { skill: 'find-businesses', arguments: { per_page: 1 } }, mediaType: 'application/json' };
    const answered = await a2aRpc(send10([ask]), { ...V1, ...sent, Authorization: `Bearer ${token}` });
    expectOne(service().logs, sent, answered.status, 200);
  });

  it('A2A SendStreamingMessage and SubscribeToTask (SSE): one crossing however long the stream, the skill inside it', async () => {
    const streamed = traced();
    const body = stream10([skillPart10('find-businesses', { per_page: 2 })]);
    const stream = await openSse(body, { ...V1, ...streamed });
    const events = await stream.rest();
    expect(events).to.have.length(3);
    expectOne(service().logs, streamed, stream.status, 200);
    expect(
      service().logs.lines.some((line) => line.reqId === streamed['X-Request-Id'] && line.nested === true),
    ).to.equal(true);

    const waiting = (await a2aRpc(send03([{ kind: 'text', text: 'hello' }]))).body as { result: { id: string } };
    const subscribed = traced();
    const subscription = await openSse(request10('SubscribeToTask', { id: waiting.result.id }), {
      ...V1,
      ...subscribed,
    });
    await subscription.next();
    subscription.close();
    expectOne(service().logs, subscribed, subscription.status, 200);
  });

  describe('MCP', () => {
    let workspace: Workspace;
    let token: string;
    before(async () => {
      workspace = await seedWorkspace('one-crossing');
      token = await tokenFor(workspace.businessId, 'mcp:read');
    });

    it('tools/call', async () => {
      const headers = traced();
      const response = await mcpRpc(token, 'tools/call', { name: 'get-business-profile', arguments: {} }, headers);
      expectOne(service().logs, headers, response.status, 200);
      expect((response.body.result as { structuredContent: { id: string } }).structuredContent.id).to.equal(
        workspace.businessId,
      );
    });
  });

  describe('the paid reference over x402', () => {
    const paid = paidAppSuite();

    it('the unpaid 402 and the paid answer (the facilitator verifies and settles below the one crossing)', async () => {
      const unpaid = traced();
      const refused = await request(paid.app.endpoint, { headers: unpaid });
      expectOne(paid.app.logs, unpaid, refused.status, 402);
      const { header } = await signPayment(paymentRequiredOf(refused.headers));
      const paying = traced();
      const answered = await request(paid.app.endpoint, { headers: { ...paying, 'PAYMENT-SIGNATURE': header } });
      expectOne(paid.app.logs, paying, answered.status, 200);
    });
  });
});
