import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { encodeCursor } from '../../../core/services/workspace/cursor.ts';
import { walk } from '../../helpers/cursor-pages.ts';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

interface AgreementFixture {
  customerId: string;
  propertyId?: string;
  name: string;
  status: string;
  startsOn: string;
  endsOn: string | null;
  frequency: string;
  price: number;
  visits: number;
  autoRenew: boolean;
  createdAt: string;
}

async function addAgreement(business: TestBusiness, a: AgreementFixture): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into service_agreements (id, business_id, customer_id, property_id, name, status, starts_on, ends_on, billing_frequency, price_minor, currency,
       visits_per_year, auto_renew, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      business.id,
      a.customerId,
      a.propertyId ?? null,
      a.name,
      a.status,
      a.startsOn,
      a.endsOn,
      a.frequency,
      a.price,
      business.currency,
      a.visits,
      a.autoRenew,
      a.createdAt,
      a.createdAt,
    ],
  );
  return id;
}

async function addPlanEntry(
  business: TestBusiness,
  agreementId: string,
  plannedFor: string,
  status: string,
  visitId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into service_agreement_visits (id, business_id, agreement_id, planned_for, visit_id, status) values (?, ?, ?, ?, ?, ?)',
    [id, business.id, agreementId, plannedFor, visitId, status],
  );
  return id;
}

async function addVisit(
  business: TestBusiness,
  jobId: string,
  start: string,
  end: string,
  status: string,
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, ?, ?, ?)',
    [id, business.id, jobId, start, end, status],
  );
  return id;
}

/** A customer with one maintenance job, the job the plan's visits belong to. */
async function addCustomerWithJob(
  business: TestBusiness,
  name: string,
): Promise<{ customerId: string; jobId: string }> {
  const customerId = randomUUID();
  const jobId = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [customerId, business.id, name]);
  await sql(
    "insert into jobs (id, business_id, number, customer_id, title, currency) values (?, ?, (select coalesce(max(number), 0) + 1 from jobs where business_id = ?), ?, 'Maintenance', ?)",
    [jobId, business.id, business.id, customerId, business.currency],
  );
  return { customerId, jobId };
}

describe('workspace: service agreements', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  /** The list order: created_at desc, id desc. */
  let newestFirst: string[];

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    const holder = await addCustomerWithJob(business, 'Plan Holder');
    const second = await addCustomerWithJob(business, 'Second Holder');
    ids.holder = holder.customerId;
    ids.second = second.customerId;
    ids.property = randomUUID();
    await sql(
      "insert into properties (id, business_id, customer_id, address_line1, city, postal_code) values (?, ?, ?, '1 Main St', 'Springfield', '62701')",
      [ids.property, business.id, holder.customerId],
    );

    const base = { customerId: holder.customerId, frequency: 'monthly', price: 1_000, visits: 1, autoRenew: true };
    ids.gold = await addAgreement(business, {
      ...base,
      propertyId: ids.property,
      name: 'Gold',
      status: 'active',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      price: 1_900,
      visits: 4,
      createdAt: '2026-01-01T00:00:00Z',
    });
    ids.silver = await addAgreement(business, {
      ...base,
      customerId: second.customerId,
      name: 'Silver',
      status: 'paused',
      startsOn: '2026-01-15',
      endsOn: '2027-06-30',
      frequency: 'quarterly',
      price: 4_500,
      visits: 2,
      autoRenew: false,
      createdAt: '2026-02-01T00:00:00Z',
    });
    // Bronze and copper were created in the same millisecond: only the microseconds order them.
    ids.bronze = await addAgreement(business, {
      ...base,
      name: 'Bronze',
      status: 'cancelled',
      startsOn: '2025-03-01',
      endsOn: null,
      frequency: 'annually',
      price: 12_000,
      createdAt: '2026-03-01T00:00:00.000001Z',
    });
    ids.copper = await addAgreement(business, {
      ...base,
      customerId: second.customerId,
      name: 'Copper',
      status: 'expired',
      startsOn: '2025-01-01',
      endsOn: '2025-12-31',
      frequency: 'annually',
      price: 9_900,
      createdAt: '2026-03-01T00:00:00.000002Z',
    });
    // Two created at the very same instant: the id breaks the tie.
    ids.tinA = await addAgreement(business, {
      ...base,
      name: 'Tin A',
      status: 'active',
      startsOn: '2026-04-01',
      endsOn: '2027-03-31',
      createdAt: '2026-04-01T00:00:00Z',
    });
    ids.tinB = await addAgreement(business, {
      ...base,
      name: 'Tin B',
      status: 'active',
      startsOn: '2026-04-01',
      endsOn: '2027-03-31',
      createdAt: '2026-04-01T00:00:00Z',
    });
    const tins = [ids.tinA, ids.tinB].sort().reverse();
    newestFirst = [...tins, ids.copper, ids.bronze, ids.silver, ids.gold];

    // Gold's plan, deliberately inserted out of date order: done, skipped, booked, still to book.
    ids.doneVisit = await addVisit(business, holder.jobId, '2026-03-02T15:00:00Z', '2026-03-02T16:00:00Z', 'completed');
    ids.bookedVisit = await addVisit(
      business,
      holder.jobId,
      '2026-09-02T14:00:00Z',
      '2026-09-02T15:30:00Z',
      'scheduled',
    );
    ids.planLater = await addPlanEntry(business, ids.gold, '2026-12-01', 'planned');
    ids.planBooked = await addPlanEntry(business, ids.gold, '2026-09-01', 'scheduled', ids.bookedVisit);
    ids.planDone = await addPlanEntry(business, ids.gold, '2026-03-01', 'completed', ids.doneVisit);
    ids.planSkipped = await addPlanEntry(business, ids.gold, '2026-06-01', 'skipped');
    // Bronze's only planned visit was done: nothing is next.
    await addPlanEntry(business, ids.bronze, '2025-06-01', 'completed');

    // The other business: a newer agreement, ending early, with a plan of its own.
    const foreign = await addCustomerWithJob(other, 'Plan Holder');
    ids.foreign = await addAgreement(other, {
      ...base,
      customerId: foreign.customerId,
      name: 'Gold',
      status: 'active',
      startsOn: '2026-01-01',
      endsOn: '2026-06-30',
      createdAt: '2026-05-01T00:00:00Z',
    });
    await addPlanEntry(other, ids.foreign, '2026-02-01', 'planned');
  });

  describe('list-service-agreements', () => {
    it('lists newest first (microseconds, then id desc on equal instants) with customer, term and the next visit still to do', async () => {
      const page = await tenantCaller(business.id).workspace.agreements.listServiceAgreements({});
      expect(page.items.map((agreement) => agreement.id)).to.deep.equal(newestFirst);
      expect(page.next_cursor).to.equal(null);
      // Gold's plan: 03-01 completed, 06-01 skipped, 09-01 scheduled, 12-01 planned -> next is 09-01.
      expect(page.items[5]).to.deep.equal({
        id: ids.gold,
        name: 'Gold',
        status: 'active',
        customer: { id: ids.holder, name: 'Plan Holder' },
        property_id: ids.property,
        billing_frequency: 'monthly',
        price_minor: 1_900,
        currency: 'USD',
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
        visits_per_year: 4,
        auto_renew: true,
        next_planned_visit: '2026-09-01',
        created_at: '2026-01-01T00:00:00.000Z',
      });
      expect(page.items[4]).to.deep.equal({
        id: ids.silver,
        name: 'Silver',
        status: 'paused',
        customer: { id: ids.second, name: 'Second Holder' },
        property_id: null,
        billing_frequency: 'quarterly',
        price_minor: 4_500,
        currency: 'USD',
        starts_on: '2026-01-15',
        ends_on: '2027-06-30',
        visits_per_year: 2,
        auto_renew: false,
        next_planned_visit: null,
        created_at: '2026-02-01T00:00:00.000Z',
      });
      expect(page.items[3]).to.deep.include({
        id: ids.bronze,
        ends_on: null,
        next_planned_visit: null,
        created_at: '2026-03-01T00:00:00.000Z',
      });
    });

    it('filters by status', async () => {
      const list = (status: 'active' | 'paused' | 'cancelled' | 'expired') =>
        tenantCaller(business.id)
          .workspace.agreements.listServiceAgreements({ status })
          .then((page) => page.items.map((agreement) => agreement.id));
      expect(await list('active')).to.deep.equal([...newestFirst.slice(0, 2), ids.gold]);
      expect(await list('paused')).to.deep.equal([ids.silver]);
      expect(await list('cancelled')).to.deep.equal([ids.bronze]);
      expect(await list('expired')).to.deep.equal([ids.copper]);
    });

    it('filters by expiring_before: ends on or before the date, never open-ended agreements', async () => {
      const list = (input: { expiring_before: string; status?: 'active' }) =>
        tenantCaller(business.id)
          .workspace.agreements.listServiceAgreements(input)
          .then((page) => page.items.map((agreement) => agreement.id));
      expect(await list({ expiring_before: '2026-12-31' })).to.deep.equal([ids.copper, ids.gold]);
      expect(await list({ expiring_before: '2026-12-30' })).to.deep.equal([ids.copper]);
      expect(await list({ expiring_before: '2027-03-31', status: 'active' })).to.deep.equal([
        ...newestFirst.slice(0, 2),
        ids.gold,
      ]);
      expect(await list({ expiring_before: '9999-12-31' })).to.deep.equal(
        newestFirst.filter((id) => id !== ids.bronze),
      );
      // PostgreSQL has no year 0; nothing ends that early.
      expect(await list({ expiring_before: '0000-01-01' })).to.deep.equal([]);
      expect(await list({ expiring_before: '2024-01-01' })).to.deep.equal([]);
    });

    it('pages without gaps or repeats, through equal milliseconds and equal instants', async () => {
      const caller = tenantCaller(business.id);
      for (const limit of [1, 2, 4]) {
        expect(
          await walk((cursor) => caller.workspace.agreements.listServiceAgreements({ limit, cursor }), limit),
        ).to.deep.equal(newestFirst);
      }
      expect(
        await walk(
          (cursor) => caller.workspace.agreements.listServiceAgreements({ status: 'active', limit: 1, cursor }),
          1,
        ),
      ).to.deep.equal([...newestFirst.slice(0, 2), ids.gold]);
    });

    it("never shows another business's agreements", async () => {
      const mine = await tenantCaller(business.id).workspace.agreements.listServiceAgreements({ limit: 100 });
      expect(mine.items.map((agreement) => agreement.id)).not.to.include(ids.foreign);
      const theirs = await tenantCaller(other.id).workspace.agreements.listServiceAgreements({ limit: 100 });
      expect(theirs.items.map((agreement) => agreement.id)).to.deep.equal([ids.foreign]);
      expect(theirs.items[0]).to.deep.include({ next_planned_visit: '2026-02-01' });
    });

    it('rejects forged cursors and invalid filters as validation errors', async () => {
      const caller = tenantCaller(business.id);
      const forged = [
        'eHl6',
        encodeCursor(['2026-01-01T00:00:00.000Z', randomUUID()]), // milliseconds: not this list's key
        encodeCursor(['2026-02-30T00:00:00.000000Z', randomUUID()]), // no such day
        encodeCursor(['0000-01-01T00:00:00.000000Z', randomUUID()]), // no year 0 in PostgreSQL
        encodeCursor(['2026-01-01T00:00:00.000000Z', 'not-a-uuid']),
        encodeCursor(['rank', 1]),
      ];
      for (const cursor of forged)
        await expectAppError(caller.workspace.agreements.listServiceAgreements({ cursor }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.agreements.listServiceAgreements({ status: 'draft' as 'active' }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.agreements.listServiceAgreements({ expiring_before: '2026-02-30' }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.agreements.listServiceAgreements({ expiring_before: '2026-12-31T00:00:00Z' }),
        'VALIDATION_FAILED',
      );
    });
  });

  describe('get-service-agreement', () => {
    it('answers the agreement with its visit plan by date, the booked visits, and what is done and remains', async () => {
      const gold = await tenantCaller(business.id).workspace.agreements.getServiceAgreement({
        agreement_id: ids.gold!,
      });
      // 1 completed; 2 remaining (the scheduled and the planned one); the skipped one counts in neither.
      expect(gold).to.deep.equal({
        id: ids.gold,
        name: 'Gold',
        status: 'active',
        customer: { id: ids.holder, name: 'Plan Holder' },
        property_id: ids.property,
        billing_frequency: 'monthly',
        price_minor: 1_900,
        currency: 'USD',
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
        visits_per_year: 4,
        auto_renew: true,
        next_planned_visit: '2026-09-01',
        created_at: '2026-01-01T00:00:00.000Z',
        visit_plan: [
          {
            id: ids.planDone,
            planned_for: '2026-03-01',
            status: 'completed',
            visit: { id: ids.doneVisit, scheduled_start: '2026-03-02T15:00:00.000Z', status: 'completed' },
          },
          { id: ids.planSkipped, planned_for: '2026-06-01', status: 'skipped', visit: null },
          {
            id: ids.planBooked,
            planned_for: '2026-09-01',
            status: 'scheduled',
            visit: { id: ids.bookedVisit, scheduled_start: '2026-09-02T14:00:00.000Z', status: 'scheduled' },
          },
          { id: ids.planLater, planned_for: '2026-12-01', status: 'planned', visit: null },
        ],
        completed_visits: 1,
        remaining_visits: 2,
      });
    });

    it('answers an agreement without a plan with an empty one', async () => {
      const silver = await tenantCaller(business.id).workspace.agreements.getServiceAgreement({
        agreement_id: ids.silver!,
      });
      expect(silver).to.deep.include({
        name: 'Silver',
        visit_plan: [],
        completed_visits: 0,
        remaining_visits: 0,
        next_planned_visit: null,
      });
      const bronze = await tenantCaller(business.id).workspace.agreements.getServiceAgreement({
        agreement_id: ids.bronze!,
      });
      expect(bronze).to.deep.include({ completed_visits: 1, remaining_visits: 0, next_planned_visit: null });
    });

    it("answers another business's agreement exactly like an unknown one, and rejects a malformed id", async () => {
      const caller = tenantCaller(business.id);
      const foreign = await expectAppError(
        caller.workspace.agreements.getServiceAgreement({ agreement_id: ids.foreign! }),
        'RESOURCE_NOT_FOUND',
      );
      expect(foreign.message).to.equal(`No service agreement with id ${ids.foreign} in this business.`);
      const unknown = randomUUID();
      const missing = await expectAppError(
        caller.workspace.agreements.getServiceAgreement({ agreement_id: unknown }),
        'RESOURCE_NOT_FOUND',
      );
      expect(missing.message).to.equal(`No service agreement with id ${unknown} in this business.`);
      await expectAppError(
        caller.workspace.agreements.getServiceAgreement({ agreement_id: 'gold' }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.agreements.getServiceAgreement({ agreement_id: `${ids.gold}x` }),
        'VALIDATION_FAILED',
      );
      // The other business sees its own agreement and plan.
      const theirs = await tenantCaller(other.id).workspace.agreements.getServiceAgreement({
        agreement_id: ids.foreign!,
      });
      expect(theirs).to.deep.include({ completed_visits: 0, remaining_visits: 1 });
    });
  });
});
