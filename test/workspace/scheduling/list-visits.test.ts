import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { local, SchedulingFixtures } from './fixtures.ts';

/**
 * Business in America/Chicago (CST = UTC-6 from 2026-11-01 02:00). Visits, by start:
 *   v6 Sun 2026-11-01 23:59 local (2026-11-02T05:59Z)  J2  Bob          scheduled
 *   v1 Mon 2026-11-02 23:30 local (2026-11-03T05:30Z)  J1  Alice        scheduled  <- a UTC Tuesday, a local Monday
 *   v2 Tue 2026-11-03 00:00 local (2026-11-03T06:00Z)  J2  Bob          completed  <- first instant of the local Tuesday
 *   v3 Tue 2026-11-03 09:00 local                      J1  Bob, Alice   scheduled
 *   v4 Tue 2026-11-03 09:00 local (same start as v3)   J2  nobody       cancelled
 *   v5 Wed 2026-11-04 00:00 local                      J1  Alice        scheduled
 * v3 and v4 tie on start and are ordered by id. Another business has a visit on Tuesday too.
 */
describe('scheduling: list-visits', () => {
  let f: SchedulingFixtures;
  let other: SchedulingFixtures;
  let alice: string;
  let bob: string;
  let foreignMember: string;
  let foreignVisit: string;
  const v: Record<string, string> = {};
  let order: string[];
  const call = (input: Record<string, unknown> = {}) =>
    tenantCaller(f.id).workspace.scheduling.listVisits(input as never);
  const idsOf = async (input: Record<string, unknown>) =>
    (await call({ ...input, limit: 100 })).items.map((item) => item.id);

  before(async () => {
    f = await SchedulingFixtures.create();
    other = await SchedulingFixtures.create();
    alice = (await f.member('Alice Adams')).id;
    bob = (await f.member('Bob Brown')).id;
    const withAddress = await f.customer('Dana Diaz');
    const property = await f.property(withAddress.id, {
      name: 'Lake house',
      line1: '12 Elm St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
    });
    const noAddress = await f.customer('Eve Evans');
    const j1 = await f.job(withAddress.id, 'Furnace repair', { propertyId: property.id });
    const j2 = await f.job(noAddress.id, 'Leak check');
    v.v6 = (await f.visit(j2.id, local('2026-11-01T23:59'), local('2026-11-02T01:00'), { memberIds: [bob] })).id;
    v.v1 = (await f.visit(j1.id, local('2026-11-02T23:30'), local('2026-11-03T00:30'), { memberIds: [alice] })).id;
    v.v2 = (
      await f.visit(j2.id, local('2026-11-03T00:00'), local('2026-11-03T01:00'), {
        memberIds: [bob],
        status: 'completed',
      })
    ).id;
    v.v3 = (await f.visit(j1.id, local('2026-11-03T09:00'), local('2026-11-03T10:30'), { memberIds: [bob, alice] })).id;
    v.v4 = (await f.visit(j2.id, local('2026-11-03T09:00'), local('2026-11-03T10:00'), { status: 'cancelled' })).id;
    v.v5 = (await f.visit(j1.id, local('2026-11-04T00:00'), local('2026-11-04T01:00'), { memberIds: [alice] })).id;
    const tied = [v.v3, v.v4].sort();
    order = [v.v6!, v.v1!, v.v2!, ...(tied as string[]), v.v5!];

    foreignMember = (await other.member('Alice Adams')).id;
    const foreignCustomer = await other.customer('Dana Diaz');
    const foreignJob = await other.job(foreignCustomer.id, 'Furnace repair');
    foreignVisit = (
      await other.visit(foreignJob.id, local('2026-11-03T09:00'), local('2026-11-03T10:00'), {
        memberIds: [foreignMember],
      })
    ).id;
  });

  it("lists the business's visits by start then id, with job, customer, address and assignees", async () => {
    const page = await call();
    expect(page.time_zone).to.equal('America/Chicago');
    expect(page.next_cursor).to.equal(null);
    expect(page.items.map((item) => item.id)).to.deep.equal(order);
    expect(page.items.map((item) => item.id)).to.not.include(foreignVisit);
    const v3 = page.items.find((item) => item.id === v.v3);
    expect(v3).to.deep.equal({
      id: v.v3,
      status: 'scheduled',
      scheduled_start: '2026-11-03T15:00:00.000Z',
      scheduled_end: '2026-11-03T16:30:00.000Z',
      scheduled_start_local: '2026-11-03T09:00',
      scheduled_end_local: '2026-11-03T10:30',
      job: { id: v3!.job.id, number: 1001, title: 'Furnace repair' },
      customer: { id: v3!.customer.id, name: 'Dana Diaz' },
      property: {
        id: v3!.property!.id,
        name: 'Lake house',
        address: {
          line1: '12 Elm St',
          line2: null,
          city: 'Springfield',
          region: 'IL',
          postal_code: '62701',
          country: 'US',
        },
        summary: '12 Elm St, Springfield, IL 62701',
      },
      assigned_team_members: [
        { id: alice, name: 'Alice Adams' },
        { id: bob, name: 'Bob Brown' },
      ],
    });
    const v4 = page.items.find((item) => item.id === v.v4);
    expect(v4).to.deep.include({ status: 'cancelled', property: null, assigned_team_members: [] });
    expect(v4?.customer.name).to.equal('Eve Evans');
  });

  it('filters by local days in the business time zone, both ends included', async () => {
    expect(await idsOf({ date_from: '2026-11-02', date_to: '2026-11-02' })).to.deep.equal([v.v1]);
    expect(await idsOf({ date_from: '2026-11-03', date_to: '2026-11-03' })).to.deep.equal(order.slice(2, 5));
    expect(await idsOf({ date_from: '2026-11-03' })).to.deep.equal(order.slice(2));
    expect(await idsOf({ date_to: '2026-11-02' })).to.deep.equal([v.v6, v.v1]);
    expect(await idsOf({ date_from: '2026-11-05', date_to: '2026-11-30' })).to.deep.equal([]);
  });

  it('filters by assigned team member and by status', async () => {
    expect(await idsOf({ team_member_id: alice })).to.deep.equal([v.v1, v.v3, v.v5]);
    expect(await idsOf({ team_member_id: bob })).to.deep.equal([v.v6, v.v2, v.v3]);
    expect(await idsOf({ team_member_id: bob, date_from: '2026-11-03', date_to: '2026-11-03' })).to.deep.equal([
      v.v2,
      v.v3,
    ]);
    expect(await idsOf({ status: 'cancelled' })).to.deep.equal([v.v4]);
    expect(await idsOf({ status: 'completed' })).to.deep.equal([v.v2]);
    expect(await idsOf({ status: 'en_route' })).to.deep.equal([]);
  });

  it('finds nothing for a team member of another business or an unknown one', async () => {
    expect(await idsOf({ team_member_id: foreignMember })).to.deep.equal([]);
    expect(await idsOf({ team_member_id: randomUUID() })).to.deep.equal([]);
  });

  it('pages with no gap or duplicate, the tie on start included', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call({ limit: 2, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).to.equal(3);
    expect(seen).to.deep.equal(order);
  });

  it('validates dates, ids, status and the cursor', async () => {
    await expectAppError(call({ date_from: '2026-11-04', date_to: '2026-11-03' }), 'VALIDATION_FAILED');
    await expectAppError(call({ date_from: '2026-13-01' }), 'VALIDATION_FAILED');
    await expectAppError(call({ team_member_id: 'alice' }), 'VALIDATION_FAILED');
    await expectAppError(call({ status: 'done' }), 'VALIDATION_FAILED');
    await expectAppError(call({ cursor: 'forged' }), 'VALIDATION_FAILED');
    await expectAppError(
      call({ cursor: Buffer.from(JSON.stringify(['2026-11-03', 'x'])).toString('base64url') }),
      'VALIDATION_FAILED',
    );
    await expectAppError(call({ limit: 0 }), 'VALIDATION_FAILED');
    // Cursors carry exactly UTC microseconds; anything else is refused before it reaches the database.
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    await expectAppError(call({ cursor: forged(['2026-11-03T15:00:00.000Z', v.v3]) }), 'VALIDATION_FAILED');
    await expectAppError(call({ cursor: forged(['2026-11-03T15:00:00.000000+23:00', v.v3]) }), 'VALIDATION_FAILED');
    await expectAppError(call({ cursor: forged(['0000-01-01T00:00:00.000000Z', v.v3]) }), 'VALIDATION_FAILED');
    // Days the database cannot bound a query with.
    await expectAppError(call({ date_to: '9999-12-31' }), 'VALIDATION_FAILED');
    await expectAppError(call({ date_from: '0000-01-01' }), 'VALIDATION_FAILED');
    expect(await idsOf({ date_from: '1900-01-01', date_to: '9999-12-30' })).to.deep.equal(order);
  });
});
