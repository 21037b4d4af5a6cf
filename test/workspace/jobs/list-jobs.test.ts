import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { allPages } from '../../helpers/cursor-pages.ts';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { buildReadWorld, forgedCursors, impossibleInstantCursor, type ReadWorld } from './fixtures.ts';

describe('workspace: list-jobs', () => {
  let w: ReadWorld;
  let newestFirst: string[];

  before(async () => {
    w = await buildReadWorld();
    const { j1, j2, j3, j4, j5 } = w.jobs;
    // created_at desc: j5 (11-04), j3 and j4 (both 11-03, larger id first), j2 (11-02), j1 (11-01).
    newestFirst = [j5, ...[j3, j4].sort().reverse(), j2, j1];
  });

  const list = (input: Parameters<ReturnType<typeof tenantCaller>['workspace']['jobs']['listJobs']>[0]) =>
    tenantCaller(w.business.id).workspace.jobs.listJobs(input);
  const ids = async (input: Parameters<typeof list>[0]) => (await list(input)).items.map((item) => item.id);

  it('lists every job of the business, newest first, with its summary', async () => {
    const page = await list({});
    expect(page.items.map((item) => item.id)).to.deep.equal(newestFirst);
    expect(page.next_cursor).to.equal(null);
    expect(page.items.find((item) => item.id === w.jobs.j1)).to.deep.equal({
      id: w.jobs.j1,
      number: 1,
      title: 'Fix AC',
      status: 'completed',
      priority: 'high',
      customer: { id: w.ann, name: 'Ann Archer' },
      property_id: w.home,
      job_type: { id: w.repair, name: 'Repair' },
      scheduled_start: '2026-11-03T15:00:00.000Z',
      scheduled_end: '2026-11-03T17:00:00.000Z',
      completed_at: '2026-11-05T16:30:00.000Z',
      assigned_team_members: [{ id: w.tess, name: 'Tess' }],
      subtotal_minor: 29_400,
      tax_minor: 941,
      total_minor: 30_341,
      currency: 'USD',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    // Assignees by name; an unscheduled job has no window and no type.
    expect(page.items.find((item) => item.id === w.jobs.j2)!.assigned_team_members).to.deep.equal([
      { id: w.omar, name: 'Omar' },
      { id: w.tess, name: 'Tess' },
    ]);
    expect(page.items.find((item) => item.id === w.jobs.j3)).to.deep.include({
      status: 'unscheduled',
      job_type: null,
      scheduled_start: null,
      scheduled_end: null,
      assigned_team_members: [],
    });
    expect(page.items.find((item) => item.id === w.jobs.j5)!.scheduled_start).to.equal('2026-11-09T23:59:59.999Z');
  });

  it('filters by status, customer, job type and assignee, alone and combined', async () => {
    const { j1, j2, j3, j4, j5 } = w.jobs;
    expect(await ids({ status: 'scheduled' })).to.deep.equal(newestFirst.filter((id) => id === j2 || id === j4));
    expect(await ids({ status: 'in_progress' })).to.deep.equal([]);
    expect(await ids({ customer_id: w.ann })).to.deep.equal([j5, j2, j1]);
    expect(await ids({ customer_id: w.ben })).to.deep.equal(newestFirst.filter((id) => id === j3 || id === j4));
    expect(await ids({ job_type: w.repair })).to.deep.equal(newestFirst.filter((id) => id === j4 || id === j1));
    expect(await ids({ job_type: w.install })).to.deep.equal([j5]);
    expect(await ids({ assigned_to: w.tess })).to.deep.equal([j2, j1]);
    expect(await ids({ assigned_to: w.omar })).to.deep.equal(newestFirst.filter((id) => id === j4 || id === j2));
    expect(await ids({ status: 'scheduled', assigned_to: w.omar, customer_id: w.ben })).to.deep.equal([j4]);
    expect(await ids({ customer_id: w.ann, job_type: w.repair })).to.deep.equal([j1]);
  });

  it('filters on the scheduled start, half-open [from, to), with any offset, leaving unscheduled jobs out', async () => {
    const { j1, j2, j4, j5 } = w.jobs;
    // Starts: j1 11-03 15:00, j5 11-09 23:59:59.999999, j4 11-10 00:00 exactly, j2 11-20 15:00; j3 none.
    expect(await ids({ scheduled_from: '2026-11-10T00:00:00Z' })).to.deep.equal(
      newestFirst.filter((id) => id === j4 || id === j2),
    );
    expect(await ids({ scheduled_to: '2026-11-10T00:00:00Z' })).to.deep.equal([j5, j1]);
    // 18:00 at -06:00 is the same instant as midnight UTC.
    expect(
      await ids({ scheduled_from: '2026-11-09T18:00:00-06:00', scheduled_to: '2026-11-20T15:00:00Z' }),
    ).to.deep.equal([j4]);
    expect(
      await ids({ scheduled_from: '2026-11-09T23:59:59.999999Z', scheduled_to: '2026-11-10T00:00:00.000001Z' }),
    ).to.deep.equal(newestFirst.filter((id) => id === j5 || id === j4));
    expect(await ids({ scheduled_from: '2026-11-05T00:00:00Z', scheduled_to: '2026-11-05T00:00:00Z' })).to.deep.equal(
      [],
    );
    await expectAppError(
      list({ scheduled_from: '2026-11-10T00:00:00Z', scheduled_to: '2026-11-09T00:00:00Z' }),
      'VALIDATION_FAILED',
    );
    for (const bad of ['2026-11-10', '2026-11-10T00:00:00', '0000-01-01T00:00:00Z', '2026-02-30T00:00:00Z']) {
      await expectAppError(list({ scheduled_from: bad }), 'VALIDATION_FAILED');
    }
  });

  it('pages through every job without gaps or repeats, with and without filters', async () => {
    for (const limit of [1, 2, 3, 4]) {
      const pages = await allPages((cursor) => list({ limit, cursor }));
      expect(
        pages.flat().map((item) => item.id),
        `limit ${limit}`,
      ).to.deep.equal(newestFirst);
      expect(pages.length).to.equal(Math.ceil(newestFirst.length / limit));
      expect(pages.slice(0, -1).every((page) => page.length === limit)).to.equal(true);
    }
    const annPages = await allPages((cursor) => list({ customer_id: w.ann, limit: 2, cursor }));
    expect(annPages.map((page) => page.map((item) => item.number))).to.deep.equal([[5, 2], [1]]);
  });

  it('refuses forged cursors, malformed ids and bad limits', async () => {
    for (const cursor of [...forgedCursors, impossibleInstantCursor])
      await expectAppError(list({ cursor }), 'VALIDATION_FAILED');
    await expectAppError(list({ customer_id: 'ann' }), 'VALIDATION_FAILED');
    await expectAppError(list({ job_type: 'repair' }), 'VALIDATION_FAILED');
    await expectAppError(list({ assigned_to: '123' }), 'VALIDATION_FAILED');
    await expectAppError(list({ status: 'done' as never }), 'VALIDATION_FAILED');
    await expectAppError(list({ limit: 0 }), 'VALIDATION_FAILED');
    await expectAppError(list({ limit: 101 }), 'VALIDATION_FAILED');
  });

  it('answers filters naming unknown ids or ids of another business as not found, and never shows the other business', async () => {
    for (const input of [
      { customer_id: randomUUID() },
      { customer_id: w.twinIds.customer },
      { job_type: randomUUID() },
      { job_type: w.twinIds.jobType },
      { assigned_to: randomUUID() },
      { assigned_to: w.twinIds.member },
    ]) {
      await expectAppError(list(input), 'RESOURCE_NOT_FOUND');
    }
    const twin = await tenantCaller(w.twin.id).workspace.jobs.listJobs({});
    expect(twin.items.map((item) => item.id)).to.deep.equal([w.twinIds.job]);
    await expectAppError(tenantCaller(w.twin.id).workspace.jobs.listJobs({ customer_id: w.ann }), 'RESOURCE_NOT_FOUND');
    // A cursor carries no tenant: the other business's cursor pages the other business only.
    const first = await list({ limit: 1 });
    expect(
      (await tenantCaller(w.twin.id).workspace.jobs.listJobs({ cursor: first.next_cursor! })).items.map(
        (item) => item.id,
      ),
    ).to.deep.equal([w.twinIds.job]);
  });
});
