import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { webhookEnvelope, webhookEventCatalogue } from '../../core/services/webhooks/event-catalogue.ts';
import type { ErrorMessage } from '../../core/errors/index.ts';
import { accountsCaller, createBusiness } from '../accounts/fixtures.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { rpc, tokenFor } from '../mcp/fixtures.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  startReceiver,
  workerServiceSuite,
  type Receiver,
} from './delivery-helpers.ts';

interface TrpcErrorBody {
  error: { data: { httpStatus: number; errorMessage: ErrorMessage } };
}

describe('billing events: the writes on /api/trpc, their catalogue entries and their deliveries', function () {
  this.timeout(60_000);

  describe('on /api/trpc (the shared service)', () => {
    let business: { id: string; slug: string };
    const trpc = (path: string) => `${service().url}/api/trpc/${path}`;
    const tokenWith = async (scopes: Array<'workspace:read' | 'workspace:write'>) =>
      (await accountsCaller().accounts.createApiToken({ business: business.slug, name: `billing ${scopes}`, scopes }))
        .token;

    before(async () => {
      business = await createBusiness(accountsCaller());
    });

    it('401 without a token, 403 INSUFFICIENT_SCOPE with a read-only one, and the write with workspace:write', async () => {
      const customer = randomUUID();
      const invoice = randomUUID();
      await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [customer, business.id, 'Payer']);
      await sql(
        "insert into invoices (id, business_id, number, customer_id, status, currency, subtotal_minor, tax_minor, total_minor) values (?, ?, 1, ?, 'draft', 'USD', 100, 0, 100)",
        [invoice, business.id, customer],
      );
      const issue = (token?: string) =>
        request<TrpcErrorBody & { result: { data: { status: string } } }>(trpc('workspace.invoices.issueInvoice'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ invoice_id: invoice }),
        });
      const anonymous = await issue();
      expect(anonymous.status).to.equal(401);
      expect(anonymous.headers.get('www-authenticate')).to.match(/^Bearer /);
      const reader = await issue(await tokenWith(['workspace:read']));
      expect(reader.status).to.equal(403);
      expect(reader.body.error.data.errorMessage).to.include({ code: 'INSUFFICIENT_SCOPE', status: 403 });
      expect(reader.body.error.data.errorMessage.message).to.match(/workspace scope workspace:write/);
      const writer = await issue(await tokenWith(['workspace:write']));
      expect(writer.status, writer.text).to.equal(200);
      expect(writer.body.result.data.status).to.equal('open');
      const conflict = await issue(await tokenWith(['workspace:write']));
      expect(conflict.status).to.equal(409);
      expect(conflict.body.error.data.errorMessage).to.include({ code: 'STATUS_TRANSITION_NOT_ALLOWED', status: 409 });
    });

    it('lists every billing type with its schema and example at GET /v1/webhook-endpoints/event-types and in the OpenAPI webhooks', async () => {
      const types = [
        'customer_payment.created',
        'estimate.approved',
        'estimate.declined',
        'estimate.sent',
        'invoice.issued',
        'invoice.overdue',
        'invoice.paid',
      ];
      const listed = await request<{ items: Array<{ type: string; emitted_by: string[] }> }>(
        `${service().config.baseUrl}/v1/webhook-endpoints/event-types`,
      );
      expect(listed.status).to.equal(200);
      expect(listed.body.items.map((item) => item.type)).to.include.members(types);
      const openapi = await request<{ webhooks: Record<string, unknown> }>(`${service().config.baseUrl}/openapi.json`);
      expect(Object.keys(openapi.body.webhooks)).to.include.members(types);
      for (const type of types) {
        const definition = webhookEventCatalogue.find((entry) => entry.type === type)!;
        expect(definition.example, `${type} has an example`).to.not.equal(undefined);
        expect(definition.data.parse(definition.example)).to.deep.equal(definition.example);
      }
    });

    it('are no MCP tools: the agent catalogue keeps its 2 writes', async () => {
      const listed = await rpc(await tokenFor(business.id, 'mcp:write'), 'tools/list');
      const names = (listed.body.result as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
      expect(names).to.have.length(47);
      for (const name of ['send-estimate', 'approve-estimate', 'decline-estimate', 'issue-invoice', 'record-payment'])
        expect(names).to.not.include(name);
    });
  });

  describe('delivered to a subscribed receiver (webhook worker)', () => {
    const suite = workerServiceSuite('0s,50ms,50ms');
    let receiver: Receiver;

    after(async () => receiver?.close());

    it('each event once, signed, in the envelope with entity and sequence, valid against its published schema; only the types enabled', async () => {
      const { service: running } = suite;
      let secret = '';
      receiver = await startReceiver(() => [secret]);
      const business = await insertBusiness(running);
      const endpoint = await insertEndpoint(running, business, receiver.url, {
        events: ['estimate.sent', 'invoice.issued', 'invoice.paid', 'customer_payment.created'],
      });
      secret = endpoint.secret;
      const customer = randomUUID();
      const estimate = randomUUID();
      const option = randomUUID();
      const invoice = randomUUID();
      await rows(running, 'insert into customers (id, business_id, name) values (?, ?, ?)', [
        customer,
        business,
        'Payer',
      ]);
      await rows(
        running,
        "insert into estimates (id, business_id, number, customer_id, title, status, currency) values (?, ?, 1, ?, 'Boiler', 'draft', 'USD')",
        [estimate, business, customer],
      );
      await rows(
        running,
        "insert into estimate_options (id, business_id, estimate_id, position, name, currency, subtotal_minor, tax_minor, total_minor) values (?, ?, ?, 1, 'Replace', 'USD', 900, 0, 900)",
        [option, business, estimate],
      );
      await rows(
        running,
        "insert into invoices (id, business_id, number, customer_id, status, currency, subtotal_minor, tax_minor, total_minor) values (?, ?, 1, ?, 'draft', 'USD', 900, 0, 900)",
        [invoice, business, customer],
      );
      const caller = callerFor(running, business);
      const sent = await caller.workspace.estimates.sendEstimate({ estimate_id: estimate });
      const approved = await caller.workspace.estimates.approveEstimate({ estimate_id: estimate, option_id: option });
      const issued = await caller.workspace.invoices.issueInvoice({ invoice_id: invoice });
      const payment = await caller.workspace.payments.recordPayment({
        invoice_id: invoice,
        amount_minor: 900,
        method: 'ach',
      });
      const paid = await caller.workspace.invoices.getInvoice({ invoice_id: invoice });
      expect(approved.status).to.equal('approved');

      // Five events, all published (fanned out), of which the four enabled types were delivered.
      await eventually('four deliveries', () => receiver.received.length >= 4);
      await eventually('every event published', async () => {
        const [open] = await rows<{ n: number }>(
          running,
          'select count(*)::int as n from outbox_events where business_id = ? and published_at is null',
          [business],
        );
        return open!.n === 0;
      });
      const fannedOut = await rows<{ event_type: string }>(
        running,
        'select event_type from webhook_deliveries where endpoint_id = ?',
        [endpoint.id],
      );
      expect(fannedOut.map((row) => row.event_type)).to.have.members([
        'estimate.sent',
        'invoice.issued',
        'invoice.paid',
        'customer_payment.created',
      ]);
      expect(receiver.received).to.have.length(4);
      expect(receiver.received.every((delivery) => delivery.verified)).to.equal(true);
      const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body) as Record<string, unknown>);
      const byType = Object.fromEntries(bodies.map((body) => [body.type as string, body]));
      expect(Object.keys(byType)).to.have.members([
        'estimate.sent',
        'invoice.issued',
        'invoice.paid',
        'customer_payment.created',
      ]);
      const expected: Record<string, [unknown, string, string, number]> = {
        'estimate.sent': [sent, 'estimate', estimate, 1],
        'invoice.issued': [issued, 'invoice', invoice, 1],
        'customer_payment.created': [payment, 'customer_payment', payment.id, 1],
        'invoice.paid': [paid, 'invoice', invoice, 2],
      };
      for (const [type, [data, entityType, entityId, sequence]] of Object.entries(expected)) {
        const body = byType[type]!;
        expect(body, type).to.deep.include({
          business_id: business,
          entity: { type: entityType, id: entityId },
          sequence,
          test: false,
        });
        expect(body.data, type).to.deep.equal(data);
        const definition = webhookEventCatalogue.find((entry) => entry.type === type)!;
        const envelope = webhookEnvelope(type, definition.entityType, definition.data).safeParse(body);
        expect(envelope.success, `${type}: ${envelope.error?.message}`).to.equal(true);
      }
    });
  });
});
