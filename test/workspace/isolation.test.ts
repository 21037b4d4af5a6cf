import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { countRows, sql } from '../helpers/sql.ts';
import {
  expectOnlyOwnIds,
  foreignJobReferences,
  isolationInputs,
  seedWorkspace,
  toolCatalogue,
  workspaceProcedures,
  type Workspace,
} from '../helpers/tenant-isolation.ts';
import { expectAppError, fixtureEm, tenantCaller, type Caller } from '../helpers/workspace.ts';

function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const segment of path.split('.')) target = (target as Record<string, unknown>)[segment];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

/** A foreign reference either finds nothing or is refused as not found: never data, never "forbidden". */
async function expectNothingFound(promise: Promise<unknown>, tool: string, field: string): Promise<void> {
  try {
    const result = (await promise) as { items?: unknown[] };
    expect(result.items, `${tool} with a foreign ${field} answered a non-list`).to.be.an('array');
    expect(result.items, `${tool} with a foreign ${field} found rows`).to.deep.equal([]);
  } catch (error) {
    const code =
      (error as { appCode?: string; cause?: { appCode?: string } }).appCode ??
      (error as { cause?: { appCode?: string } }).cause?.appCode;
    expect(code, `${tool} with a foreign ${field}: ${(error as Error).message}`).to.equal('RESOURCE_NOT_FOUND');
  }
}

describe('tenant isolation of every workspace procedure', function () {
  this.timeout(120_000);
  let a: Workspace;
  let b: Workspace;
  let callerA: Caller;
  const procedures = workspaceProcedures();

  before(async () => {
    [a, b] = [await seedWorkspace('a'), await seedWorkspace('b')];
    callerA = tenantCaller(a.businessId);
  });

  it('names every procedure after a distinct tool of the catalogue', () => {
    const names = procedures.map((procedure) => procedure.tool.name);
    expect(new Set(names).size, 'tool names are unique').to.equal(names.length);
    expect(toolCatalogue).to.include.members(names);
  });

  it('covers the whole catalogue: 45 reads and 2 writes', () => {
    expect(procedures.map((procedure) => procedure.tool.name)).to.have.members(toolCatalogue);
    expect(procedures.filter((procedure) => procedure.tool.access === 'read')).to.have.length(45);
    expect(
      procedures.filter((procedure) => procedure.type === 'mutation').map((procedure) => procedure.tool.access),
    ).to.have.members(['customers:write', 'jobs:write']);
  });

  for (const procedure of workspaceProcedures().filter((entry) => entry.type === 'query')) {
    const { name } = procedure.tool;
    it(`${name}: answers only the caller's rows, and a foreign reference finds nothing`, async () => {
      const inputs = isolationInputs(procedure, a, b);
      expectOnlyOwnIds(await call(callerA, procedure.path, inputs.own), a, b, name);
      for (const { field, input } of inputs.foreign) {
        await expectNothingFound(call(callerA, procedure.path, input), name, field);
      }
    });
  }

  it('create-customer: an e-mail used in another business is free here, and nothing of the other is revealed', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const callerB = tenantCaller(b.businessId);
    await callerB.workspace.customers.createCustomer({ name: 'In B', email, tags: ['Only In B'] });
    const created = await callerA.workspace.customers.createCustomer({ name: 'In A', email, tags: ['Only In B'] });
    const own = new Set([...a.all, created.id]);
    const tagRows = await fixtureEm()
      .getConnection()
      .execute<Array<{ id: string }>>('select id from tags where business_id = ?', [a.businessId]);
    tagRows.forEach((row) => own.add(row.id));
    expectOnlyOwnIds(created, { ...a, all: own }, b, 'create-customer');
  });

  it('create-job: every reference to the other business is not found, and nothing is written', async () => {
    const { base, attempts } = foreignJobReferences(a, b);
    const before = [await countRows('jobs', a.businessId), await countRows('outbox_events', a.businessId)];
    for (const [field, input] of attempts) {
      const error = await expectAppError(callerA.workspace.jobs.createJob(input as never), 'RESOURCE_NOT_FOUND');
      expect(error.message, field).to.contain(`"${field}"`);
    }
    expect([await countRows('jobs', a.businessId), await countRows('outbox_events', a.businessId)]).to.deep.equal(
      before,
    );
    const created = await callerA.workspace.jobs.createJob(base as never);
    expectOnlyOwnIds(created, { ...a, all: new Set([...a.all, created.id]) }, b, 'create-job');
  });
  it('the writes of typed clients (no tool): every reference to the other business is not found, and nothing is written', async () => {
    const foreign = (table: string) => b.ids.get(table)![0]!;
    const ownRow = async (table: string, status: string) =>
      (
        await sql<{ id: string }>(`select id from ${table} where business_id = ? and status = ? order by id limit 1`, [
          a.businessId,
          status,
        ])
      )[0]!.id;
    const ownJob = await ownRow('jobs', 'scheduled');
    const ownVisit = await ownRow('visits', 'scheduled');
    const start = new Date(Date.now() + 86_400_000);
    const schedule = { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['workspace.customers.updateCustomer', { customer_id: foreign('customers'), name: 'Probe' }],
      ['workspace.jobs.updateJob', { job_id: foreign('jobs'), title: 'Probe' }],
      ['workspace.jobs.updateJob', { job_id: ownJob, property_id: foreign('properties') }],
      ['workspace.jobs.updateJob', { job_id: ownJob, job_type_id: foreign('job_types') }],
      ['workspace.jobs.updateJob', { job_id: ownJob, assigned_team_member_ids: [foreign('team_members')] }],
      ['workspace.jobs.changeJobStatus', { job_id: foreign('jobs'), status: 'cancelled' }],
      ['workspace.scheduling.scheduleVisit', { job_id: foreign('jobs'), schedule }],
      [
        'workspace.scheduling.scheduleVisit',
        { job_id: ownJob, schedule, assigned_team_member_ids: [foreign('team_members')] },
      ],
      ['workspace.scheduling.updateVisit', { visit_id: foreign('visits'), notes: 'Probe' }],
      ['workspace.scheduling.updateVisit', { visit_id: ownVisit, assigned_team_member_ids: [foreign('team_members')] }],
      ['workspace.scheduling.changeVisitStatus', { visit_id: foreign('visits'), status: 'cancelled' }],
    ];
    const untooled = listProcedures(appRouter)
      .filter((entry) => entry.path.startsWith('workspace.') && entry.type === 'mutation' && !entry.meta?.tool)
      .map((entry) => entry.path);
    expect(untooled, 'every write of typed clients is probed here').to.have.members([
      ...new Set(attempts.map(([path]) => path)),
    ]);
    const tables = ['customers', 'jobs', 'visits', 'visit_assignments', 'job_assignments', 'outbox_events'];
    const counts = () => Promise.all(tables.map((table) => countRows(table, a.businessId)));
    const before = await counts();
    const otherBefore = await countRows('outbox_events', b.businessId);
    for (const [path, input] of attempts) {
      const error = await expectAppError(call(callerA, path, input), 'RESOURCE_NOT_FOUND');
      expect(error.message, path).to.not.contain(b.businessId);
    }
    expect(await counts()).to.deep.equal(before);
    expect(await countRows('outbox_events', b.businessId)).to.equal(otherBefore);
  });
});
