import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectAppError, fixedClock, fixtureEm, tenantCaller } from '../../helpers/workspace.ts';
import { local, SchedulingFixtures } from './fixtures.ts';

/**
 * now = 2026-11-10T18:00Z (12:00 CST, Tuesday). Jobs, oldest first:
 *   J1 unscheduled, no visit, created 2026-11-01T12:00Z (07:00 CDT Sunday)    -> listed, 9 days waiting
 *   J8 unscheduled, created at the same instant as J1 (tie broken by id)      -> listed, 9 days
 *   J2 scheduled, visit scheduled 2026-11-12                                    -> not listed (upcoming visit)
 *   J3 scheduled, visit 2026-11-09 (past) + cancelled visit 2026-11-12         -> listed (nothing upcoming)
 *   J4 completed, J5 cancelled                                                  -> never listed
 *   J6 in_progress, in_progress visit starting exactly at now                   -> not listed ("at or after now")
 *   J9 unscheduled, completed visit dated in the future                         -> listed (only scheduled/en_route/in_progress count)
 *   J7 unscheduled, type Install, created 2026-11-10T05:30Z (23:30 CST Monday) -> listed, 1 day (calendar days, local)
 */
describe('scheduling: list-unscheduled-jobs', () => {
  let f: SchedulingFixtures;
  let other: SchedulingFixtures;
  let install: string;
  let foreignType: string;
  const j: Record<string, string> = {};
  let order: string[];
  const now = fixedClock('2026-11-10T18:00:00Z');
  const call = (input: Record<string, unknown> = {}) =>
    tenantCaller(f.id, { clock: now }).workspace.scheduling.listUnscheduledJobs(input as never);

  before(async () => {
    f = await SchedulingFixtures.create();
    other = await SchedulingFixtures.create();
    install = (await f.jobType('Install')).id;
    const repair = (await f.jobType('Repair')).id;
    const dana = await f.customer('Dana Diaz');
    const property = await f.property(dana.id, {
      line1: '12 Elm St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
    });
    const created = (iso: string) => ({ createdAt: new Date(iso) });
    j.J1 = (
      await f.job(dana.id, 'Furnace repair', {
        ...created('2026-11-01T12:00:00Z'),
        jobTypeId: repair,
        propertyId: property.id,
        priority: 'high',
      })
    ).id;
    j.J8 = (await f.job(dana.id, 'Second opinion', created('2026-11-01T12:00:00Z'))).id;
    j.J2 = (await f.job(dana.id, 'Booked', { ...created('2026-11-02T12:00:00Z'), status: 'scheduled' })).id;
    await f.visit(j.J2, local('2026-11-12T09:00'), local('2026-11-12T10:00'));
    j.J3 = (await f.job(dana.id, 'Follow-up', { ...created('2026-11-03T12:00:00Z'), status: 'scheduled' })).id;
    await f.visit(j.J3, local('2026-11-09T09:00'), local('2026-11-09T10:00'));
    await f.visit(j.J3, local('2026-11-12T09:00'), local('2026-11-12T10:00'), { status: 'cancelled' });
    j.J4 = (await f.job(dana.id, 'Done', { ...created('2026-11-01T00:00:00Z'), status: 'completed' })).id;
    j.J5 = (await f.job(dana.id, 'Called off', { ...created('2026-11-01T00:00:00Z'), status: 'cancelled' })).id;
    j.J6 = (await f.job(dana.id, 'Underway', { ...created('2026-11-04T12:00:00Z'), status: 'in_progress' })).id;
    await f.visit(j.J6, new Date('2026-11-10T18:00:00Z'), new Date('2026-11-10T20:00:00Z'), { status: 'in_progress' });
    j.J9 = (await f.job(dana.id, 'Odd record', created('2026-11-05T12:00:00Z'))).id;
    await f.visit(j.J9, local('2026-11-12T09:00'), local('2026-11-12T10:00'), { status: 'completed' });
    j.J7 = (await f.job(dana.id, 'New AC', { ...created('2026-11-10T05:30:00Z'), jobTypeId: install })).id;
    order = [...[j.J1!, j.J8!].sort(), j.J3!, j.J9!, j.J7!];

    foreignType = (await other.jobType('Install')).id;
    const foreignCustomer = await other.customer('Dana Diaz');
    await other.job(foreignCustomer.id, 'New AC', {
      createdAt: new Date('2026-11-01T12:00:00Z'),
      jobTypeId: foreignType,
    });
  });

  it('lists open jobs with no upcoming visit, oldest first, with days waiting', async () => {
    const page = await call();
    expect(page.next_cursor).to.equal(null);
    expect(page.items.map((item) => item.id)).to.deep.equal(order);
    expect(page.items.map((item) => item.days_waiting)).to.deep.equal([9, 9, 7, 5, 1]);
    const j1 = page.items.find((item) => item.id === j.J1);
    expect(j1).to.deep.equal({
      id: j.J1,
      number: j1!.number,
      title: 'Furnace repair',
      status: 'unscheduled',
      priority: 'high',
      customer: { id: j1!.customer.id, name: 'Dana Diaz' },
      job_type: { id: j1!.job_type!.id, name: 'Repair' },
      property: {
        id: j1!.property!.id,
        name: null,
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
      window_start: null,
      window_end: null,
      created_at: '2026-11-01T12:00:00.000Z',
      days_waiting: 9,
    });
    expect(page.items.find((item) => item.id === j.J3)).to.deep.include({
      status: 'scheduled',
      job_type: null,
      property: null,
    });
  });

  it("filters by job type; another business's or an unknown type finds nothing", async () => {
    expect((await call({ job_type: install })).items.map((item) => item.id)).to.deep.equal([j.J7]);
    expect((await call({ job_type: foreignType })).items).to.deep.equal([]);
    expect((await call({ job_type: randomUUID() })).items).to.deep.equal([]);
  });

  it('depends on now: once the upcoming visit has started, the job is waiting again', async () => {
    const later = fixedClock('2026-11-12T16:00:00Z'); // after J2's visit started (15:00Z)
    const page = await tenantCaller(f.id, { clock: later }).workspace.scheduling.listUnscheduledJobs({ limit: 100 });
    expect(page.items.map((item) => item.id)).to.include(j.J2);
    expect(page.items.map((item) => item.id)).to.include(j.J6);
  });

  it('pages with no gap or duplicate, the tie on created_at included', async () => {
    const first = await call({ limit: 2 });
    const second = await call({ limit: 2, cursor: first.next_cursor });
    const third = await call({ limit: 2, cursor: second.next_cursor });
    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).to.deep.equal(order);
    expect(third.next_cursor).to.equal(null);
  });

  it('pages exactly over created_at with microseconds (rows written by SQL keep them)', async () => {
    // Both instants fall in the same millisecond: a cursor cut to milliseconds would repeat or skip one.
    const fx = await SchedulingFixtures.create();
    const customer = await fx.customer('Dana Diaz');
    const a = await fx.job(customer.id, 'A');
    const b = await fx.job(customer.id, 'B');
    const connection = fixtureEm().getConnection();
    await connection.execute(
      `update jobs set created_at = '2026-11-01T12:00:00.123789Z' where business_id = ? and id = ?`,
      [fx.id, a.id],
    );
    await connection.execute(
      `update jobs set created_at = '2026-11-01T12:00:00.123456Z' where business_id = ? and id = ?`,
      [fx.id, b.id],
    );
    const caller = tenantCaller(fx.id, { clock: now }).workspace.scheduling;
    const first = await caller.listUnscheduledJobs({ limit: 1 });
    const second = await caller.listUnscheduledJobs({ limit: 1, cursor: first.next_cursor ?? undefined });
    expect([...first.items, ...second.items].map((item) => item.title)).to.deep.equal(['B', 'A']);
    expect(second.next_cursor).to.equal(null);
  });

  it('validates the job type id and the cursor', async () => {
    await expectAppError(call({ job_type: 'Install' }), 'VALIDATION_FAILED');
    await expectAppError(call({ cursor: 'forged' }), 'VALIDATION_FAILED');
    await expectAppError(call({ limit: 101 }), 'VALIDATION_FAILED');
  });
});
