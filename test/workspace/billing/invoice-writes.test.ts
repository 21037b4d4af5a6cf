import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  tenantCaller,
  type Caller,
  type TestBusiness,
} from '../../helpers/workspace.ts';
import { addCustomer, addInvoice, countEvents, eventsOf, expectPublishedShape, withOutboxRefused } from './fixtures.ts';

describe('workspace writes: issue an invoice, record a payment', function () {
  this.timeout(60_000);
  let business: TestBusiness;
  let other: TestBusiness;
  let caller: Caller;
  let customerId: string;
  // 2026-12-01 05:00 UTC is still 2026-11-30 in Chicago.
  const clock = fixedClock('2026-12-01T05:00:00Z');

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Chicago' });
    other = await createTestBusiness();
    caller = tenantCaller(business.id, { clock });
    customerId = await addCustomer(business, 'Invoice Customer');
  });

  describe('issue-invoice', () => {
    it('draft → open, issued today in the business zone, with the given due date; invoice.issued carries get-invoice', async () => {
      const invoiceId = await addInvoice(business, customerId, { status: 'draft', totalMinor: 10_000 });
      const issued = await caller.workspace.invoices.issueInvoice({ invoice_id: invoiceId, due_on: '2026-12-14' });
      expect(issued).to.include({
        status: 'open',
        issued_on: '2026-11-30',
        due_on: '2026-12-14',
        balance_minor: 10_000,
      });
      expect(issued).to.deep.equal(await caller.workspace.invoices.getInvoice({ invoice_id: invoiceId }));
      const events = await eventsOf(business.id, invoiceId);
      expect(events.map((event) => [event.event_type, Number(event.sequence)])).to.deep.equal([['invoice.issued', 1]]);
      expect(events[0]!.payload).to.deep.equal(issued);
      expectPublishedShape(events[0]!);
    });

    it('keeps the draft’s due date when none is given; a due date before today is 400 and issues nothing', async () => {
      const kept = await addInvoice(business, customerId, { status: 'draft', totalMinor: 500, dueOn: '2026-12-31' });
      expect((await caller.workspace.invoices.issueInvoice({ invoice_id: kept })).due_on).to.equal('2026-12-31');

      const stale = await addInvoice(business, customerId, { status: 'draft', totalMinor: 500, dueOn: '2026-11-29' });
      const refused = await expectAppError(
        caller.workspace.invoices.issueInvoice({ invoice_id: stale }),
        'VALIDATION_FAILED',
      );
      expect(refused.message).to.match(
        /"due_on": the draft's due date 2026-11-29 is before today .*\(2026-11-30\): give a due_on/,
      );
      const given = await expectAppError(
        caller.workspace.invoices.issueInvoice({ invoice_id: stale, due_on: '2026-11-01' }),
        'VALIDATION_FAILED',
      );
      expect(given.message).to.match(/the due date 2026-11-01 is before today/);
      expect(await eventsOf(business.id, stale)).to.deep.equal([]);
      // Due today (the Chicago 30th) is allowed.
      expect(
        (await caller.workspace.invoices.issueInvoice({ invoice_id: stale, due_on: '2026-11-30' })).status,
      ).to.equal('open');
    });

    it('an open invoice is 409; another business’s or an unknown one is 404; 50 concurrent issues issue once', async () => {
      const open = await addInvoice(business, customerId, { status: 'open', totalMinor: 500 });
      const conflict = await expectAppError(
        caller.workspace.invoices.issueInvoice({ invoice_id: open }),
        'STATUS_TRANSITION_NOT_ALLOWED',
      );
      expect(conflict.message).to.match(/is open: only a draft invoice can be issued/);
      const theirs = await addInvoice(other, await addCustomer(other, 'Theirs'), { status: 'draft', totalMinor: 1 });
      await expectAppError(caller.workspace.invoices.issueInvoice({ invoice_id: theirs }), 'RESOURCE_NOT_FOUND');
      await expectAppError(caller.workspace.invoices.issueInvoice({ invoice_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
      expect(await countEvents(other.id)).to.equal(0);

      const draft = await addInvoice(business, customerId, { status: 'draft', totalMinor: 500 });
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          tenantCaller(business.id).workspace.invoices.issueInvoice({ invoice_id: draft }),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).to.have.length(1);
      expect((await eventsOf(business.id, draft)).map((event) => event.event_type)).to.deep.equal(['invoice.issued']);
    });
  });

  describe('record-payment', () => {
    it('a partial payment: customer_payment.created with get-payment’s record; the last one pays the invoice: invoice.paid after it', async () => {
      const invoiceId = await addInvoice(business, customerId, {
        status: 'open',
        totalMinor: 10_000,
        dueOn: '2026-12-30',
      });
      const first = await caller.workspace.payments.recordPayment({
        invoice_id: invoiceId,
        amount_minor: 4_000,
        method: 'check',
        reference: '  #1042  ',
        received_at: '2026-11-29T15:00:00-06:00',
      });
      expect(first).to.include({ amount_minor: 4_000, currency: 'USD', method: 'check', status: 'succeeded' });
      expect(first).to.include({ reference: '#1042', received_at: '2026-11-29T21:00:00.000Z' });
      expect(first.customer.id).to.equal(customerId);
      expect(first).to.deep.equal(await caller.workspace.payments.getPayment({ payment_id: first.id }));
      expect((await caller.workspace.invoices.getInvoice({ invoice_id: invoiceId })).status).to.equal('open');

      const last = await caller.workspace.payments.recordPayment({
        invoice_id: invoiceId,
        amount_minor: 6_000,
        method: 'card',
      });
      expect(last.received_at).to.equal('2026-12-01T05:00:00.000Z');
      const invoice = await caller.workspace.invoices.getInvoice({ invoice_id: invoiceId });
      expect(invoice).to.include({ status: 'paid', balance_minor: 0, amount_paid_minor: 10_000 });

      const paymentEvents = [...(await eventsOf(business.id, first.id)), ...(await eventsOf(business.id, last.id))];
      expect(paymentEvents.map((event) => [event.event_type, Number(event.sequence)])).to.deep.equal([
        ['customer_payment.created', 1],
        ['customer_payment.created', 1],
      ]);
      expect(paymentEvents[0]!.payload).to.deep.equal(first);
      expect(paymentEvents[1]!.payload).to.deep.equal(last);
      const invoiceEvents = await eventsOf(business.id, invoiceId);
      expect(invoiceEvents.map((event) => event.event_type)).to.deep.equal(['invoice.paid']);
      expect(invoiceEvents[0]!.payload).to.deep.equal(invoice);
      [...paymentEvents, ...invoiceEvents].forEach(expectPublishedShape);
      // The invoice's event comes after the payment that paid it, in commit order.
      const [order] = await sql<{ paid_after: boolean }>(
        `select (select position from outbox_events where aggregate_id = ?) > (select position from outbox_events where aggregate_id = ?) as paid_after`,
        [invoiceId, last.id],
      );
      expect(order!.paid_after).to.equal(true);
    });

    it('refuses overpayment (409 PAYMENT_EXCEEDS_BALANCE with the balance) and payments on a draft, paid or void invoice (409 INVOICE_NOT_PAYABLE)', async () => {
      const invoiceId = await addInvoice(business, customerId, { status: 'open', totalMinor: 1_000 });
      await caller.workspace.payments.recordPayment({ invoice_id: invoiceId, amount_minor: 400, method: 'cash' });
      const over = await expectAppError(
        caller.workspace.payments.recordPayment({ invoice_id: invoiceId, amount_minor: 601, method: 'cash' }),
        'PAYMENT_EXCEEDS_BALANCE',
      );
      expect(over.details).to.deep.equal([{ balance_minor: 600, amount_minor: 601, currency: 'USD' }]);
      for (const status of ['draft', 'paid', 'void'] as const) {
        const closed = await addInvoice(business, customerId, { status, totalMinor: 1_000 });
        const refused = await expectAppError(
          caller.workspace.payments.recordPayment({ invoice_id: closed, amount_minor: 1, method: 'cash' }),
          'INVOICE_NOT_PAYABLE',
        );
        expect(refused.message).to.match(new RegExp(`is ${status}: only an open invoice takes payments`));
      }
      const [count] = await sql<{ n: number }>('select count(*)::int as n from payments where invoice_id = ?', [
        invoiceId,
      ]);
      expect(count!.n).to.equal(1);
    });

    it('validates: amount ≥ 1, a known method, not received in the future, a reference without NUL', async () => {
      const invoiceId = await addInvoice(business, customerId, { status: 'open', totalMinor: 1_000 });
      const bad = [
        { amount_minor: 0, method: 'cash' },
        { amount_minor: 1.5, method: 'cash' },
        { amount_minor: 1, method: 'bitcoin' },
        { amount_minor: 1, method: 'cash', received_at: '2026-12-01T05:05:00Z' },
        { amount_minor: 1, method: 'cash', reference: 'a\u0000b' },
        { amount_minor: 1, method: 'cash', reference: 'x'.repeat(201) },
      ];
      for (const input of bad)
        await expectAppError(
          caller.workspace.payments.recordPayment({ invoice_id: invoiceId, ...input } as never),
          'VALIDATION_FAILED',
        );
      expect(await eventsOf(business.id, invoiceId)).to.deep.equal([]);
      const [count] = await sql<{ n: number }>('select count(*)::int as n from payments where invoice_id = ?', [
        invoiceId,
      ]);
      expect(count!.n).to.equal(0);
    });

    it('another business’s invoice or an unknown one is 404, and nothing is written', async () => {
      const theirs = await addInvoice(other, await addCustomer(other, 'Theirs'), { status: 'open', totalMinor: 1_000 });
      for (const invoiceId of [theirs, randomUUID()]) {
        const refused = await expectAppError(
          caller.workspace.payments.recordPayment({ invoice_id: invoiceId, amount_minor: 1, method: 'cash' }),
          'RESOURCE_NOT_FOUND',
        );
        expect(refused.message).to.equal(`No invoice with id ${invoiceId} in this business.`);
      }
      expect(await countEvents(other.id)).to.equal(0);
      const [count] = await sql<{ n: number }>('select count(*)::int as n from payments where invoice_id = ?', [
        theirs,
      ]);
      expect(count!.n).to.equal(0);
    });

    it('a payment whose events cannot be recorded is not stored, and the invoice stays open', async () => {
      const invoiceId = await addInvoice(business, customerId, { status: 'open', totalMinor: 700 });
      await withOutboxRefused(business.id, async () => {
        let failed = false;
        await caller.workspace.payments
          .recordPayment({ invoice_id: invoiceId, amount_minor: 700, method: 'cash' })
          .catch(() => (failed = true));
        expect(failed).to.equal(true);
      });
      const [count] = await sql<{ n: number }>('select count(*)::int as n from payments where invoice_id = ?', [
        invoiceId,
      ]);
      expect(count!.n).to.equal(0);
      expect((await caller.workspace.invoices.getInvoice({ invoice_id: invoiceId })).status).to.equal('open');
    });

    it('50 concurrent payments of a tenth of the balance: exactly 10 recorded, never more than the total, one invoice.paid', async () => {
      const invoiceId = await addInvoice(business, customerId, { status: 'open', totalMinor: 5_000 });
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          tenantCaller(business.id).workspace.payments.recordPayment({
            invoice_id: invoiceId,
            amount_minor: 500,
            method: 'card',
          }),
        ),
      );
      const recorded = results.filter((result) => result.status === 'fulfilled');
      expect(recorded).to.have.length(10);
      for (const result of results.filter((entry) => entry.status === 'rejected'))
        expect((result.reason as { appCode?: string }).appCode).to.be.oneOf([
          'PAYMENT_EXCEEDS_BALANCE',
          'INVOICE_NOT_PAYABLE',
        ]);
      const [sum] = await sql<{ paid: string }>('select sum(amount_minor) as paid from payments where invoice_id = ?', [
        invoiceId,
      ]);
      expect(Number(sum!.paid)).to.equal(5_000);
      expect((await eventsOf(business.id, invoiceId)).map((event) => event.event_type)).to.deep.equal(['invoice.paid']);
    });
  });
});
