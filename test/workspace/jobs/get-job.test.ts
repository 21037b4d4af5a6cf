import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { buildReadWorld, type ReadWorld } from './fixtures.ts';

describe('workspace: get-job', () => {
  let w: ReadWorld;
  before(async () => {
    w = await buildReadWorld();
  });

  it('answers the job with customer, property, type, assignees, lines in position order, visits, tax rate and totals', async () => {
    const job = await tenantCaller(w.business.id).workspace.jobs.getJob({ job_id: w.jobs.j1 });
    const { line_items: lines, visits, ...rest } = job;
    expect(rest).to.deep.equal({
      id: w.jobs.j1,
      number: 1,
      title: 'Fix AC',
      description: 'Unit blows warm air',
      status: 'completed',
      priority: 'high',
      customer: { id: w.ann, name: 'Ann Archer' },
      property_id: w.home,
      property: {
        id: w.home,
        name: 'Home',
        line1: '1 Oak St',
        line2: 'Apt 2',
        city: 'Austin',
        region: 'TX',
        postal_code: '78701',
      },
      job_type: { id: w.repair, name: 'Repair' },
      scheduled_start: '2026-11-03T15:00:00.000Z',
      scheduled_end: '2026-11-03T17:00:00.000Z',
      completed_at: '2026-11-05T16:30:00.000Z',
      assigned_team_members: [{ id: w.tess, name: 'Tess' }],
      tax_rate: { id: w.texas, name: 'Texas', rate_basis_points: 825 },
      // 8900 + 2500 + 18000 = 29400; 8.25 % of the taxable 11400 = 940.5 -> 941.
      subtotal_minor: 29_400,
      tax_minor: 941,
      total_minor: 30_341,
      currency: 'USD',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    expect(lines.map(({ id: _id, ...line }) => line)).to.deep.equal([
      {
        position: 1,
        kind: 'service',
        name: 'Diagnostic',
        description: null,
        quantity: 1,
        unit_price_minor: 8_900,
        taxable: true,
        amount_minor: 8_900,
        price_book_item_id: null,
      },
      {
        position: 2,
        kind: 'material',
        name: 'Capacitor',
        description: null,
        quantity: 2,
        unit_price_minor: 1_250,
        taxable: true,
        amount_minor: 2_500,
        price_book_item_id: null,
      },
      {
        position: 3,
        kind: 'custom',
        name: 'Labour',
        description: null,
        quantity: 1.5,
        unit_price_minor: 12_000,
        taxable: false,
        amount_minor: 18_000,
        price_book_item_id: null,
      },
    ]);
    expect(visits.map(({ id: _id, ...visit }) => visit)).to.deep.equal([
      { scheduled_start: '2026-11-03T15:00:00.000Z', scheduled_end: '2026-11-03T17:00:00.000Z', status: 'completed' },
      { scheduled_start: '2026-11-05T15:00:00.000Z', scheduled_end: '2026-11-05T17:00:00.000Z', status: 'completed' },
    ]);
  });

  it('answers a bare unscheduled job with nulls and empty lists', async () => {
    const job = await tenantCaller(w.business.id).workspace.jobs.getJob({ job_id: w.jobs.j3 });
    expect(job).to.deep.include({
      number: 3,
      status: 'unscheduled',
      customer: { id: w.ben, name: 'Ben Brook' },
      property_id: null,
      property: null,
      job_type: null,
      tax_rate: null,
      description: null,
      scheduled_start: null,
      assigned_team_members: [],
      line_items: [],
      visits: [],
      subtotal_minor: 0,
      tax_minor: 0,
      total_minor: 0,
    });
  });

  it('answers unknown ids and ids of another business alike, as not found; malformed ids are validation errors', async () => {
    const caller = tenantCaller(w.business.id);
    const unknown = randomUUID();
    const errors = [
      await expectAppError(caller.workspace.jobs.getJob({ job_id: unknown }), 'RESOURCE_NOT_FOUND'),
      await expectAppError(caller.workspace.jobs.getJob({ job_id: w.twinIds.job }), 'RESOURCE_NOT_FOUND'),
    ];
    expect(errors[1]!.message.replace(w.twinIds.job, unknown)).to.equal(errors[0]!.message);
    await expectAppError(tenantCaller(w.twin.id).workspace.jobs.getJob({ job_id: w.jobs.j1 }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.jobs.getJob({ job_id: 'job-1' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.jobs.getJob({} as never), 'VALIDATION_FAILED');
  });

  it('shows the other business only its own job', async () => {
    const job = await tenantCaller(w.twin.id).workspace.jobs.getJob({ job_id: w.twinIds.job });
    expect(job.line_items.map((line) => line.name)).to.deep.equal(['Twin line']);
    expect(job.visits).to.have.length(1);
    expect(job.assigned_team_members).to.deep.equal([{ id: w.twinIds.member, name: 'Tess' }]);
  });
});
