import { expect } from 'chai';
import { rpc as a2aRpc, send03, bearer } from '../a2a/fixtures.ts';
import { a2aAccessToken } from '../helpers/a2a-access-token.ts';
import { createTestBusiness, tenantCaller } from '../helpers/workspace.ts';
import { tokenFor } from '../mcp/fixtures.ts';
import { list, post } from '../mcp/view-requests.ts';
import { feedCaughtUp, type Json } from './feed-fixtures.ts';

describe('event feed for agents: the MCP tool list-events (opt-in) and the A2A skill list-events', function () {
  this.timeout(60_000);

  describe('MCP', () => {
    let token: string;
    let businessId: string;
    let customerId: string;
    before(async () => {
      businessId = (await createTestBusiness()).id;
      customerId = (await tenantCaller(businessId).workspace.customers.createCustomer({ name: 'Seen by the agent' }))
        .id;
      await tenantCaller((await createTestBusiness()).id).workspace.customers.createCustomer({ name: 'Not seen' });
      await feedCaughtUp();
      token = await tokenFor(businessId, 'mcp:read');
    });

    it('is not in the default catalogue (47 tools) and not callable there', async () => {
      const whole = await list(token);
      expect(whole.tools.map((tool) => tool.name)).to.not.include('list-events');
      expect(whole.tools).to.have.length(47);
      const call = await post(token, 'tools/call', { name: 'list-events', arguments: {} });
      expect(call.body.error?.data.code, call.text).to.equal('MCP_TOOL_NOT_FOUND');
      const readonly = await list(token, { path: '/readonly' });
      expect(readonly.tools.map((tool) => tool.name)).to.not.include('list-events');
    });

    for (const [how, options] of [
      ['X-MCP-Tools: list-events', { headers: { 'x-mcp-tools': 'list-events' } }],
      ['X-MCP-Toolsets: events', { headers: { 'x-mcp-toolsets': 'events' } }],
      ['the path /x/events', { path: '/x/events' }],
    ] as const) {
      it(`is listed and answers the connection's business with ${how}`, async () => {
        const view = await list(token, options);
        expect(view.tools.map((tool) => tool.name)).to.deep.equal(['list-events']);
        const call = await post(token, 'tools/call', { name: 'list-events', arguments: { limit: 10 } }, options);
        expect(call.status, call.text).to.equal(200);
        const result = call.body.result as Json;
        expect(result.isError ?? false, call.text).to.equal(false);
        const items = result.structuredContent.items as Json[];
        expect(items.map((item) => item.entity.id)).to.deep.equal([customerId]);
        expect(items[0]).to.include({ business_id: businessId, type: 'customer.created' });
        expect(result.structuredContent.next_cursor).to.be.a('string');
      });
    }

    it('adds to other toolsets, and refuses unknown arguments and a bad cursor as tool errors', async () => {
      const both = await list(token, { headers: { 'x-mcp-toolsets': 'team,events' } });
      expect(both.tools.map((tool) => tool.name))
        .to.include('list-events')
        .and.include('list-team-members');
      const options = { headers: { 'x-mcp-tools': 'list-events' } };
      const unknown = await post(
        token,
        'tools/call',
        { name: 'list-events', arguments: { business_id: 'x' } },
        options,
      );
      expect(JSON.stringify(unknown.body)).to.match(/business_id/);
      const cursor = await post(token, 'tools/call', { name: 'list-events', arguments: { after: 'nope' } }, options);
      expect(JSON.stringify(cursor.body)).to.contain('EVENT_CURSOR_INVALID');
    });
  });

  describe('A2A', () => {
    it('answers the authenticated caller’s business events as a completed task with the REST JSON', async () => {
      const grant = await a2aAccessToken();
      const customer = await tenantCaller(grant.businessId).workspace.customers.createCustomer({
        name: 'A2A reads me',
      });
      // The feed shows an event once every transaction that began before its commit has ended, on
      // the whole server (another test process's too).
      await feedCaughtUp();
      const sent = await a2aRpc(
        send03([{ kind: 'data', data: { skill: 'list-events', arguments: { limit: 5 } } }]),
        bearer(grant.token),
      );
      expect(sent.status, sent.text).to.equal(200);
      const task = sent.body.result as Json;
      expect(task.status.state, sent.text).to.equal('completed');
      const data = task.artifacts[0].parts.find((part: Json) => part.kind === 'data').data as Json;
      expect((data.items as Json[]).map((item) => item.entity.id)).to.deep.equal([customer.id]);
      expect(data.items[0].business_id).to.equal(grant.businessId);
    });

    it('without a token the task fails with UNAUTHORIZED (the feed is never public)', async () => {
      const sent = await a2aRpc(send03([{ kind: 'data', data: { skill: 'list-events', arguments: {} } }]));
      expect(sent.status, sent.text).to.equal(200);
      const task = sent.body.result as Json;
      expect(task.status.state).to.equal('failed');
      expect(JSON.stringify(task.status.message)).to.contain('UNAUTHORIZED');
    });
  });
});
