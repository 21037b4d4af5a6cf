import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { local, SchedulingFixtures } from './fixtures.ts';

describe('scheduling: get-visit', () => {
  let f: SchedulingFixtures;
  let other: SchedulingFixtures;
  const call = (visit_id: string, business = f) =>
    tenantCaller(business.id).workspace.scheduling.getVisit({ visit_id });

  before(async () => {
    f = await SchedulingFixtures.create();
    other = await SchedulingFixtures.create();
  });

  it('answers one visit with notes, arrival and completion', async () => {
    const alice = await f.member('Alice Adams');
    const bob = await f.member('Bob Brown');
    const customer = await f.customer('Dana Diaz');
    const property = await f.property(customer.id, { line1: '12 Elm St', city: 'Springfield', postalCode: '62701' });
    const job = await f.job(customer.id, 'Furnace repair', { propertyId: property.id });
    // 09:00-10:30 CST = 15:00Z-16:30Z; arrived 09:05 local, completed 10:20 local.
    const visit = await f.visit(job.id, local('2026-11-03T09:00'), local('2026-11-03T10:30'), {
      status: 'completed',
      memberIds: [bob.id, alice.id],
      notes: 'Gate code 1234',
      arrivedAt: new Date('2026-11-03T15:05:00Z'),
      completedAt: new Date('2026-11-03T16:20:00Z'),
    });
    expect(await call(visit.id)).to.deep.equal({
      id: visit.id,
      status: 'completed',
      scheduled_start: '2026-11-03T15:00:00.000Z',
      scheduled_end: '2026-11-03T16:30:00.000Z',
      scheduled_start_local: '2026-11-03T09:00',
      scheduled_end_local: '2026-11-03T10:30',
      job: { id: job.id, number: job.number, title: 'Furnace repair' },
      customer: { id: customer.id, name: 'Dana Diaz' },
      property: {
        id: property.id,
        name: null,
        address: {
          line1: '12 Elm St',
          line2: null,
          city: 'Springfield',
          region: null,
          postal_code: '62701',
          country: 'US',
        },
        summary: '12 Elm St, Springfield, 62701',
      },
      assigned_team_members: [
        { id: alice.id, name: 'Alice Adams' },
        { id: bob.id, name: 'Bob Brown' },
      ],
      notes: 'Gate code 1234',
      arrived_at: '2026-11-03T15:05:00.000Z',
      completed_at: '2026-11-03T16:20:00.000Z',
      time_zone: 'America/Chicago',
    });
  });

  it('answers a visit not yet started with nulls and no assignee', async () => {
    const customer = await f.customer('Eve Evans');
    const job = await f.job(customer.id, 'Leak check');
    const visit = await f.visit(job.id, local('2026-11-05T13:00'), local('2026-11-05T14:00'));
    expect(await call(visit.id)).to.deep.include({
      status: 'scheduled',
      property: null,
      assigned_team_members: [],
      notes: null,
      arrived_at: null,
      completed_at: null,
    });
  });

  it("answers an unknown visit and another business's visit alike: not found", async () => {
    const customer = await other.customer('Dana Diaz');
    const job = await other.job(customer.id, 'Furnace repair');
    const foreign = await other.visit(job.id, local('2026-11-03T09:00'), local('2026-11-03T10:00'));
    expect((await call(foreign.id, other)).id).to.equal(foreign.id);
    const unknown = await expectAppError(call(randomUUID()), 'RESOURCE_NOT_FOUND');
    const foreignError = await expectAppError(call(foreign.id), 'RESOURCE_NOT_FOUND');
    expect(foreignError.message).to.equal(`No visit with id ${foreign.id} in this business.`);
    expect(unknown.message).to.match(/^No visit with id .* in this business\.$/);
  });

  it('rejects a malformed id', async () => {
    const error = await expectAppError(call('visit-1'), 'VALIDATION_FAILED');
    expect(error.message).to.contain('visit_id');
  });
});
