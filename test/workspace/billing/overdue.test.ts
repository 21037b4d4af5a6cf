import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, fixedClock, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import {
  addCustomer,
  addInvoice,
  eventsOf,
  expectPublishedShape,
  systemCaller,
  withOutboxRefused,
} from './fixtures.ts';

/*
 * The check runs at instants of 2001, so only these fixtures' invoices are past due then: the
 * shared database holds other suites' invoices, all due decades later.
 */
describe('the overdue check: infrastructure.invoices.markOverdue', function () {
  this.timeout(60_000);
  let chicago: TestBusiness;
  let tokyo: TestBusiness;
  let chicagoCustomer: string;
  let tokyoCustomer: string;

  before(async () => {
    chicago = await createTestBusiness({ timeZone: 'America/Chicago' });
    tokyo = await createTestBusiness({ timeZone: 'Asia/Tokyo' });
    chicagoCustomer = await addCustomer(chicago, 'Late Payer');
    tokyoCustomer = await addCustomer(tokyo, 'Late Payer');
  });

  it('marks an open invoice with a balance once its due date is past in its business’s zone, once, with invoice.overdue', async () => {
    const due = await addInvoice(chicago, chicagoCustomer, { status: 'open', totalMinor: 1_000, dueOn: '2001-03-01' });
    // 2001-03-02 03:00 UTC: already the 2nd in Tokyo, still the 1st in Chicago (due today: not overdue yet).
    const early = await systemCaller(fixedClock('2001-03-02T03:00:00Z')).infrastructure.invoices.markOverdue({});
    expect(early.marked).to.equal(0);
    expect(await eventsOf(chicago.id, due)).to.deep.equal([]);

    const clock = fixedClock('2001-03-02T06:00:01Z');
    const pass = await systemCaller(clock).infrastructure.invoices.markOverdue({});
    expect(pass).to.deep.equal({ checked: 1, marked: 1, failed: 0 });
    const events = await eventsOf(chicago.id, due);
    expect(events.map((event) => [event.event_type, Number(event.sequence)])).to.deep.equal([['invoice.overdue', 1]]);
    expectPublishedShape(events[0]!);
    const asRead = await tenantCaller(chicago.id, { clock }).workspace.invoices.getInvoice({ invoice_id: due });
    expect(asRead.is_overdue).to.equal(true);
    expect(events[0]!.payload).to.deep.equal(asRead);

    const again = await systemCaller(fixedClock('2001-03-09T00:00:00Z')).infrastructure.invoices.markOverdue({});
    expect(again.marked).to.equal(0);
    expect(await eventsOf(chicago.id, due)).to.have.length(1);
  });

  it('leaves drafts, paid, void and fully paid open invoices, and invoices without a due date', async () => {
    const ids = [
      await addInvoice(tokyo, tokyoCustomer, { status: 'draft', totalMinor: 1_000, dueOn: '2001-04-01' }),
      await addInvoice(tokyo, tokyoCustomer, { status: 'paid', totalMinor: 1_000, dueOn: '2001-04-01' }),
      await addInvoice(tokyo, tokyoCustomer, { status: 'void', totalMinor: 1_000, dueOn: '2001-04-01' }),
      await addInvoice(tokyo, tokyoCustomer, { status: 'open', totalMinor: 1_000, dueOn: null }),
    ];
    const settled = await addInvoice(tokyo, tokyoCustomer, { status: 'open', totalMinor: 1_000, dueOn: '2001-04-01' });
    await sql(
      "insert into payments (id, business_id, customer_id, invoice_id, amount_minor, currency, method, received_at) values (gen_random_uuid(), ?, ?, ?, 1000, 'USD', 'cash', now())",
      [tokyo.id, tokyoCustomer, settled],
    );
    const pass = await systemCaller(fixedClock('2001-04-20T00:00:00Z')).infrastructure.invoices.markOverdue({});
    expect(pass.marked).to.equal(0);
    for (const id of [...ids, settled]) expect(await eventsOf(tokyo.id, id)).to.deep.equal([]);
  });

  it('takes businesses in turns: a small limit reaches every business before a second invoice of one', async () => {
    const many = [];
    for (let day = 1; day <= 4; day += 1)
      many.push(
        await addInvoice(chicago, chicagoCustomer, { status: 'open', totalMinor: 100, dueOn: `2001-05-0${day}` }),
      );
    const single = await addInvoice(tokyo, tokyoCustomer, { status: 'open', totalMinor: 100, dueOn: '2001-05-04' });
    const system = systemCaller(fixedClock('2001-05-20T00:00:00Z'));
    expect(await system.infrastructure.invoices.markOverdue({ limit: 2 })).to.deep.equal({
      checked: 2,
      marked: 2,
      failed: 0,
    });
    expect(await eventsOf(tokyo.id, single)).to.have.length(1);
    expect(await eventsOf(chicago.id, many[0]!)).to.have.length(1);
    expect(await system.infrastructure.invoices.markOverdue({ limit: 10 })).to.deep.equal({
      checked: 3,
      marked: 3,
      failed: 0,
    });
    for (const id of many) expect(await eventsOf(chicago.id, id)).to.have.length(1);
  });

  it('an invoice that cannot be marked is counted as failed and left unmarked, without undoing the others', async () => {
    const blocked = await addInvoice(chicago, chicagoCustomer, {
      status: 'open',
      totalMinor: 100,
      dueOn: '2001-06-01',
    });
    const fine = await addInvoice(tokyo, tokyoCustomer, { status: 'open', totalMinor: 100, dueOn: '2001-06-01' });
    const system = systemCaller(fixedClock('2001-06-10T00:00:00Z'));
    await withOutboxRefused(chicago.id, async () => {
      expect(await system.infrastructure.invoices.markOverdue({})).to.deep.equal({ checked: 2, marked: 1, failed: 1 });
    });
    expect(await eventsOf(tokyo.id, fine)).to.have.length(1);
    expect(await eventsOf(chicago.id, blocked)).to.deep.equal([]);
    expect(await system.infrastructure.invoices.markOverdue({})).to.deep.equal({ checked: 1, marked: 1, failed: 0 });
    expect(await eventsOf(chicago.id, blocked)).to.have.length(1);
  });

  it('is refused to a workspace token, like an unknown procedure', async () => {
    try {
      await tenantCaller(chicago.id).infrastructure.invoices.markOverdue({});
      expect.fail('a token reached a system procedure');
    } catch (error) {
      expect((error as { appCode?: string }).appCode).to.equal('ROUTE_NOT_FOUND');
    }
  });
});
