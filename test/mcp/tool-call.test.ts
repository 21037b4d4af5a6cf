import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';
import { countRows, sql } from '../helpers/sql.ts';
import { seedWorkspace, type Workspace } from '../helpers/tenant-isolation.ts';
import { tenantCaller } from '../helpers/workspace.ts';
import { callTool, callToolOk, expectRpcError, rpc, tokenFor } from './fixtures.ts';

const email = () => `mcp-${randomBytes(4).toString('hex')}@example.com`;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('MCP tools/call', function () {
  this.timeout(60_000);
  let workspace: Workspace;
  let read: string;
  let writer: string;

  before(async () => {
    workspace = await seedWorkspace('mcp-call');
    read = await tokenFor(workspace.businessId, 'mcp:read');
    writer = await tokenFor(workspace.businessId, 'mcp:read mcp:write');
  });

  describe('reads', () => {
    it("answers structuredContent and the same JSON as a text block, equal to the procedure's answer", async () => {
      const customerId = workspace.ids.get('customers')![0]!;
      const viaMcp = await callToolOk(read, 'get-customer', { customer_id: customerId });
      const direct = await tenantCaller(workspace.businessId).workspace.customers.getCustomer({
        customer_id: customerId,
      });
      expect(viaMcp).to.deep.equal(JSON.parse(JSON.stringify(direct)));
      expect(viaMcp.id).to.equal(customerId);
    });

    it("applies the schema's defaults (limit 25) and pages with next_cursor", async () => {
      // The workspace has 60 jobs.
      const first = await callToolOk<{ items: Array<{ id: string }>; next_cursor: string | null }>(read, 'list-jobs');
      expect(first.items).to.have.length(25);
      expect(first.next_cursor).to.be.a('string');
      const second = await callToolOk<{ items: Array<{ id: string }>; next_cursor: string | null }>(read, 'list-jobs', {
        cursor: first.next_cursor,
      });
      expect(second.items).to.have.length(25);
      expect(second.items.map((item) => item.id)).to.not.include.members(first.items.map((item) => item.id));
    });

    it('takes an empty arguments object, or none, for a tool without inputs', async () => {
      const profile = await callToolOk<{ id: string }>(read, 'get-business-profile', {});
      expect(profile.id).to.equal(workspace.businessId);
      const response = await rpc(read, 'tools/call', { name: 'get-business-profile' });
      expect((response.body.result as { structuredContent: { id: string } }).structuredContent.id).to.equal(
        workspace.businessId,
      );
    });
  });

  describe('bad calls', () => {
    it('an unknown tool is -32602', async () => {
      const error = expectRpcError(
        await rpc(read, 'tools/call', { name: 'delete-everything', arguments: {} }),
        200,
        -32602,
        'MCP_TOOL_NOT_FOUND',
      );
      expect(error.message).to.contain('delete-everything');
    });

    it('arguments that fail the input schema are -32602 naming the offending field', async () => {
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['get-customer', { customer_id: 'abc' }, 'customer_id'],
        ['get-customer', {}, 'customer_id'],
        ['list-customers', { limit: 500 }, 'limit'],
        // Strict: no coercion from strings, whatever another transport does.
        ['list-customers', { limit: '5' }, 'limit'],
        ['get-schedule', { date_from: '2026-02-30', date_to: '2026-03-01' }, 'date_from'],
        ['create-customer', { name: 'X', address: { country: 'usa' } }, 'address.country'],
      ];
      for (const [tool, args, field] of cases) {
        const response = await rpc(writer, 'tools/call', { name: tool, arguments: args });
        const error = expectRpcError(response, 200, -32602, 'VALIDATION_FAILED');
        expect(error.message, `${tool} ${JSON.stringify(args)}`).to.contain(`"${field}"`);
        expect((error.data.details as Array<{ parameter: string }>).map((detail) => detail.parameter)).to.include(
          field,
        );
      }
    });

    it('an argument the tool does not declare is -32602 naming it (a misspelt filter is not ignored)', async () => {
      const error = expectRpcError(
        await rpc(read, 'tools/call', { name: 'list-jobs', arguments: { stauts: 'scheduled' } }),
        200,
        -32602,
        'VALIDATION_FAILED',
      );
      expect(error.message).to.contain('stauts');
    });
  });

  describe('domain errors are tool results with isError', () => {
    it('not found', async () => {
      const result = await callTool(read, 'get-customer', { customer_id: randomUUID() });
      expect(result.isError).to.equal(true);
      expect(result.structuredContent).to.equal(undefined);
      expect(result.content[0]!.text).to.match(/^RESOURCE_NOT_FOUND: /);
    });

    it('a business rule (a schedule window that ends before it starts)', async () => {
      const result = await callTool(writer, 'create-job', {
        customer_id: workspace.ids.get('customers')![0],
        title: 'Backwards window',
        schedule: { start: inHours(48), end: inHours(47) },
      });
      expect(result.isError).to.equal(true);
      expect(result.content[0]!.text).to.contain('VALIDATION_FAILED').and.to.contain('"schedule.end"');
    });

    it('a duplicate customer e-mail is a CONFLICT naming the existing customer, and writes nothing', async () => {
      const address = email();
      const first = await callToolOk<{ id: string }>(writer, 'create-customer', { name: 'First', email: address });
      const before = [
        await countRows('customers', workspace.businessId),
        await countRows('outbox_events', workspace.businessId),
      ];
      const result = await callTool(writer, 'create-customer', { name: 'Second', email: address.toUpperCase() });
      expect(result.isError).to.equal(true);
      expect(result.content[0]!.text)
        .to.match(/^CONFLICT: /)
        .and.to.contain(first.id);
      expect([
        await countRows('customers', workspace.businessId),
        await countRows('outbox_events', workspace.businessId),
      ]).to.deep.equal(before);
    });
  });

  describe('writes', () => {
    it('create-customer answers the stored record and writes its customer.created event in the same transaction', async () => {
      const address = email();
      const created = await callToolOk<{ id: string; name: string; email: string; tags: string[] }>(
        writer,
        'create-customer',
        {
          name: '  Ada Lovelace ',
          email: address,
          phone: '(512) 555-0100',
          tags: ['VIP'],
        },
      );
      expect(created).to.include({ name: 'Ada Lovelace', email: address });
      expect(created.tags).to.deep.equal(['VIP']);
      const stored = await tenantCaller(workspace.businessId).workspace.customers.getCustomer({
        customer_id: created.id,
      });
      expect(created).to.deep.equal(JSON.parse(JSON.stringify(stored)));
      const events = await sql<{ event_type: string; payload: unknown }>(
        'select event_type, payload from outbox_events where aggregate_id = ?',
        [created.id],
      );
      expect(events.map((event) => event.event_type)).to.deep.equal(['customer.created']);
      expect(events[0]!.payload).to.deep.equal(created);
    });

    it('create-job answers the stored job with totals and writes its job.created event', async () => {
      const customerId = workspace.ids.get('customers')![1]!;
      const created = await callToolOk<{ id: string; status: string; customer: { id: string }; totals: unknown }>(
        writer,
        'create-job',
        {
          customer_id: customerId,
          title: 'Replace AC filter',
          line_items: [{ kind: 'custom', name: 'Filter', quantity: 2, unit_price_minor: 1250 }],
        },
      );
      expect(created.customer.id).to.equal(customerId);
      expect(created.status).to.equal('unscheduled');
      const stored = await tenantCaller(workspace.businessId).workspace.jobs.getJob({ job_id: created.id });
      expect(created).to.deep.equal(JSON.parse(JSON.stringify(stored)));
      const events = await sql<{ event_type: string }>('select event_type from outbox_events where aggregate_id = ?', [
        created.id,
      ]);
      expect(events.map((event) => event.event_type)).to.deep.equal(['job.created']);
    });
  });

  describe('logging', () => {
    it('logs each call with tool, business, client, duration and outcome, and never the arguments', async () => {
      const address = email();
      const secretNote = `note-${randomBytes(6).toString('hex')}`;
      await callToolOk(writer, 'create-customer', { name: 'Logged Person', email: address, notes: secretNote });
      await callTool(read, 'get-customer', { customer_id: randomUUID() });
      const lines = service().logs.lines.filter(
        (line) => line.msg === 'mcp tool call' && line.business_id === workspace.businessId,
      );
      const write = lines.find((line) => line.mcp_tool === 'create-customer' && line.outcome === 'success');
      expect(write).to.include({ business_id: workspace.businessId, level: 30 });
      expect(write!.client_id).to.be.a('string');
      expect(write!.duration_ms).to.be.a('number');
      expect(lines.find((line) => line.mcp_tool === 'get-customer' && line.outcome === 'tool_error')).to.include({
        error_code: 'RESOURCE_NOT_FOUND',
      });
      const everything = JSON.stringify(service().logs.lines);
      expect(everything).to.not.contain(address);
      expect(everything).to.not.contain(secretNote);
      expect(everything).to.not.contain('Logged Person');
    });
  });
});
