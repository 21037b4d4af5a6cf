import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql(text: string, params: unknown[]): Promise<void> {
  await fixtureEm().getConnection().execute(text, params);
}

describe('workspace: jobs (reads)', () => {
  let business: TestBusiness;
  const ids: Record<string, string> = {};

  async function job(number: number, status: string, customer: string, createdAt: string, start: string | null, type: string | null = null): Promise<string> {
    const id = randomUUID();
    await sql(
      `insert into jobs (id, business_id, number, customer_id, job_type_id, title, status, scheduled_start, scheduled_end, currency, subtotal_minor, tax_minor, total_minor, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', 1000, 83, 1083, ?, ?)`,
      [id, business.id, number, customer, type, `Job ${number}`, status, start, start ? new Date(new Date(start).getTime() + 3_600_000).toISOString() : null, createdAt, createdAt],
    );
    return id;
  }

  before(async () => {
    business = await createTestBusiness();
    ids.ann = randomUUID();
    ids.ben = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.ann, business.id, 'Ann']);
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.ben, business.id, 'Ben']);
    ids.repair = randomUUID();
    ids.tuneUp = randomUUID();
    await sql("insert into job_types (id, business_id, name, default_duration_minutes) values (?, ?, 'Repair', 120)", [ids.repair, business.id]);
    await sql("insert into job_types (id, business_id, name, default_duration_minutes, color) values (?, ?, 'Tune-up', 60, '#00ff00')", [ids.tuneUp, business.id]);
    ids.tech = randomUUID();
    await sql("insert into team_members (id, business_id, name, role) values (?, ?, 'Tess', 'technician')", [ids.tech, business.id]);
    ids.j1 = await job(1, 'completed', ids.ann, '2026-11-01T00:00:00Z', '2026-11-03T15:00:00Z', ids.repair);
    ids.j2 = await job(2, 'scheduled', ids.ann, '2026-11-02T00:00:00Z', '2026-11-20T15:00:00Z', ids.tuneUp);
    ids.j3 = await job(3, 'unscheduled', ids.ben, '2026-11-03T00:00:00Z', null);
    await sql('insert into job_assignments (business_id, job_id, team_member_id) values (?, ?, ?)', [business.id, ids.j2, ids.tech]);
    for (const [position, name] of [[2, 'Second'], [1, 'First']] as const) {
      await sql("insert into job_line_items (id, business_id, job_id, position, kind, name, quantity, unit_price_minor, taxable, amount_minor) values (?, ?, ?, ?, 'custom', ?, 1.5, 1000, true, 1500)", [
        randomUUID(), business.id, ids.j2, position, name,
      ]);
    }
    await sql("insert into job_notes (id, business_id, job_id, author_name, body, created_at) values (?, ?, ?, 'Tess', 'Gate code 1234', '2026-11-02T10:00:00Z')", [randomUUID(), business.id, ids.j2]);
    await sql("insert into job_notes (id, business_id, job_id, author_name, body, created_at) values (?, ?, ?, 'Office', 'Called ahead', '2026-11-02T11:00:00Z')", [randomUUID(), business.id, ids.j2]);
    await sql("insert into job_attachments (id, business_id, job_id, file_name, content_type, size_bytes, storage_key) values (?, ?, ?, 'photo.jpg', 'image/jpeg', 123456, 'k')", [randomUUID(), business.id, ids.j2]);
    await sql("insert into visits (id, business_id, job_id, scheduled_start, scheduled_end) values (?, ?, ?, '2026-11-20T15:00:00Z', '2026-11-20T16:00:00Z')", [randomUUID(), business.id, ids.j2]);
  });

  it('list-jobs: newest first; filters by status, customer, type, scheduled window and assignee; pages', async () => {
    const caller = tenantCaller(business.id);
    const all = await caller.workspace.jobs.listJobs({});
    expect(all.items.map((item) => item.number)).to.deep.equal([3, 2, 1]);
    expect(all.items[1]).to.deep.include({ job_type: { id: ids.tuneUp, name: 'Tune-up' }, assigned_team_members: [{ id: ids.tech, name: 'Tess' }], total_minor: 1083 });
    const numbers = async (input: Parameters<typeof caller.workspace.jobs.listJobs>[0]) => (await caller.workspace.jobs.listJobs(input)).items.map((item) => item.number);
    expect(await numbers({ status: 'completed' })).to.deep.equal([1]);
    expect(await numbers({ customer_id: ids.ann! })).to.deep.equal([2, 1]);
    expect(await numbers({ job_type: ids.repair! })).to.deep.equal([1]);
    expect(await numbers({ scheduled_from: '2026-11-10T00:00:00Z' })).to.deep.equal([2]);
    expect(await numbers({ scheduled_to: '2026-11-10T00:00:00Z' })).to.deep.equal([1]);
    expect(await numbers({ assigned_to: ids.tech! })).to.deep.equal([2]);
    const first = await caller.workspace.jobs.listJobs({ limit: 2 });
    expect((await caller.workspace.jobs.listJobs({ limit: 2, cursor: first.next_cursor! })).items.map((item) => item.number)).to.deep.equal([1]);
    await expectAppError(caller.workspace.jobs.listJobs({ assigned_to: randomUUID() }), 'RESOURCE_NOT_FOUND');
  });

  it('get-job and its children: lines in position order, notes and attachments oldest first, visits', async () => {
    const caller = tenantCaller(business.id);
    const detail = await caller.workspace.jobs.getJob({ job_id: ids.j2! });
    expect(detail.line_items.map((line) => [line.position, line.name, line.quantity])).to.deep.equal([[1, 'First', 1.5], [2, 'Second', 1.5]]);
    expect(detail.visits).to.have.length(1);
    expect(detail).to.deep.include({ tax_rate: null, property: null });
    const lines = await caller.workspace.jobs.listJobLineItems({ job_id: ids.j2!, limit: 1 });
    expect((await caller.workspace.jobs.listJobLineItems({ job_id: ids.j2!, limit: 1, cursor: lines.next_cursor! })).items.map((line) => line.name)).to.deep.equal(['Second']);
    expect((await caller.workspace.jobs.listJobNotes({ job_id: ids.j2! })).items.map((note) => note.body)).to.deep.equal(['Gate code 1234', 'Called ahead']);
    expect((await caller.workspace.jobs.listJobAttachments({ job_id: ids.j2! })).items).to.deep.include.members([]);
    expect((await caller.workspace.jobs.listJobAttachments({ job_id: ids.j2! })).items[0]).to.deep.include({ file_name: 'photo.jpg', size_bytes: 123456 });
    const other = await createTestBusiness();
    for (const call of [
      tenantCaller(other.id).workspace.jobs.getJob({ job_id: ids.j2! }),
      tenantCaller(other.id).workspace.jobs.listJobNotes({ job_id: ids.j2! }),
      tenantCaller(other.id).workspace.jobs.listJobLineItems({ job_id: ids.j2! }),
      tenantCaller(other.id).workspace.jobs.listJobAttachments({ job_id: ids.j2! }),
    ]) {
      await expectAppError(call, 'RESOURCE_NOT_FOUND');
    }
  });

  it('list-job-types: by name with durations', async () => {
    const types = await tenantCaller(business.id).workspace.jobs.listJobTypes({});
    expect(types.items).to.deep.equal([
      { id: ids.repair, name: 'Repair', description: null, default_duration_minutes: 120, color: null },
      { id: ids.tuneUp, name: 'Tune-up', description: null, default_duration_minutes: 60, color: '#00ff00' },
    ]);
  });
});
