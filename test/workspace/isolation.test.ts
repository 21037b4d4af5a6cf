import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'chai';
import { z } from 'zod';
import { appRouter } from '../../core/routers/_app.ts';
import { generateDemoWorkspace } from '../../core/services/demo-data/field-service/generate-workspace.ts';
import { insertDemoWorkspace } from '../../core/services/demo-data/field-service/insert-workspace.ts';
import { primaryDemoWorkspace } from '../../core/services/demo-data/field-service/specs.ts';
import type { WorkspaceRows } from '../../core/services/demo-data/field-service/workspace-rows.ts';
import type { ToolMeta } from '../../core/trpc.ts';
import { expectAppError, fixtureEm, tenantCaller, type Caller } from '../helpers/workspace.ts';

/** Input fields that name a row of another table, by the table they name. */
const referenceFields: Record<string, string> = {
  customer_id: 'customers',
  property_id: 'properties',
  job_id: 'jobs',
  visit_id: 'visits',
  team_member_id: 'team_members',
  assigned_to: 'team_members',
  estimate_id: 'estimates',
  invoice_id: 'invoices',
  payment_id: 'payments',
  lead_id: 'leads',
  agreement_id: 'service_agreements',
  service_zone_id: 'service_zones',
  source: 'lead_sources',
  lead_source_id: 'lead_sources',
  job_type: 'job_types',
  job_type_id: 'job_types',
  tax_rate_id: 'tax_rates',
  tag: 'tags',
  tag_id: 'tags',
};

interface Workspace {
  businessId: string;
  /** Ids of every row, by table. */
  ids: Map<string, string[]>;
  all: Set<string>;
}

function collect(rows: WorkspaceRows): Workspace {
  const ids = new Map<string, string[]>();
  const all = new Set<string>([rows.businessId]);
  for (const [entity, data] of rows.tables) {
    const list = data.map((row) => (row as { id?: string }).id).filter((id): id is string => typeof id === 'string');
    ids.set(entity.meta.tableName, list);
    list.forEach((id) => all.add(id));
  }
  return { businessId: rows.businessId, ids, all };
}

async function seedWorkspace(label: string): Promise<Workspace> {
  const suffix = randomBytes(4).toString('hex');
  const rows = generateDemoWorkspace(
    { ...primaryDemoWorkspace, seed: randomInt(1, 2 ** 31), slug: `iso-${label}-${suffix}`, name: `Isolation ${label} ${suffix}`, customers: 25, jobs: 60, teamSize: 5, leads: 10, estimates: 8, agreements: 5 },
    new Date(),
  );
  await insertDemoWorkspace(fixtureEm(), rows);
  return collect(rows);
}

/** The 47 tools of ../shared/design/mcp-tools.md. */
const catalogue = [
  'get-business-profile', 'list-tags', 'list-tax-rates', 'search-customers', 'list-customers', 'get-customer', 'list-customer-contacts',
  'get-customer-activity', 'list-properties', 'get-property', 'list-property-equipment', 'list-leads', 'get-lead', 'list-lead-sources',
  'list-jobs', 'get-job', 'list-job-line-items', 'list-job-notes', 'list-job-attachments', 'list-job-types', 'list-visits', 'get-visit',
  'get-schedule', 'list-unscheduled-jobs', 'find-available-slots', 'list-service-zones', 'list-team-members', 'get-team-member',
  'list-time-entries', 'list-time-off', 'list-estimates', 'get-estimate', 'list-invoices', 'get-invoice', 'list-unpaid-invoices',
  'list-payments', 'get-payment', 'search-price-book', 'list-services', 'list-materials', 'list-service-agreements',
  'get-service-agreement', 'list-reviews', 'get-revenue-summary', 'get-operations-summary', 'create-customer', 'create-job',
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every identifier in an answer must be one of the caller's own business. */
function expectOnlyOwnIds(result: unknown, own: Workspace, foreign: Workspace, tool: string): void {
  const seen = JSON.stringify(result).match(UUID) ?? [];
  const leaked = seen.filter((id) => foreign.all.has(id));
  expect(leaked, `${tool} answered ids of the other business`).to.deep.equal([]);
  const unknown = seen.filter((id) => !own.all.has(id));
  expect(unknown, `${tool} answered ids that are not the caller's`).to.deep.equal([]);
}

interface WorkspaceProcedure {
  path: string;
  tool: ToolMeta;
  input: z.ZodObject;
  type: 'query' | 'mutation';
}

function workspaceProcedures(): WorkspaceProcedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { tool?: ToolMeta }; inputs: unknown[]; type: 'query' | 'mutation' } }>;
  return Object.entries(procedures)
    .filter(([, procedure]) => procedure._def.meta?.tool)
    .map(([path, procedure]) => ({ path, tool: procedure._def.meta!.tool!, input: procedure._def.inputs[0] as z.ZodObject, type: procedure._def.type }));
}

function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const segment of path.split('.')) target = (target as Record<string, unknown>)[segment];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

const today = new Date();
const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** Required inputs that are not references, per tool. */
const requiredValues: Record<string, Record<string, unknown>> = {
  'search-customers': { query: 'an' },
  'search-price-book': { query: 'filter' },
  'get-schedule': { date_from: day(0), date_to: day(6) },
  'find-available-slots': { date_from: day(1), date_to: day(7), duration_minutes: 60 },
  'get-revenue-summary': { date_from: day(-200), date_to: day(0), group_by: 'month' },
  'get-operations-summary': { date_from: day(-200), date_to: day(30) },
};

function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

/** A foreign reference either finds nothing or is refused as not found: never data, never "forbidden". */
async function expectNothingFound(promise: Promise<unknown>, tool: string, field: string): Promise<void> {
  try {
    const result = (await promise) as { items?: unknown[] };
    expect(result.items, `${tool} with a foreign ${field} answered a non-list`).to.be.an('array');
    expect(result.items, `${tool} with a foreign ${field} found rows`).to.deep.equal([]);
  } catch (error) {
    const code = (error as { appCode?: string; cause?: { appCode?: string } }).appCode ?? (error as { cause?: { appCode?: string } }).cause?.appCode;
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
    expect(catalogue).to.include.members(names);
  });

  it('covers the whole catalogue: 45 reads and 2 writes', () => {
    expect(procedures.map((procedure) => procedure.tool.name)).to.have.members(catalogue);
    expect(procedures.filter((procedure) => procedure.tool.access === 'read')).to.have.length(45);
    expect(procedures.filter((procedure) => procedure.type === 'mutation').map((procedure) => procedure.tool.access)).to.have.members(['customers:write', 'jobs:write']);
  });

  for (const procedure of workspaceProcedures().filter((entry) => entry.type === 'query')) {
    const { name } = procedure.tool;
    it(`${name}: answers only the caller's rows, and a foreign reference finds nothing`, async () => {
      const shape = procedure.input.shape as Record<string, z.ZodType>;
      const own: Record<string, unknown> = { ...requiredValues[name] };
      const references = Object.keys(shape).filter((field) => referenceFields[field]);
      for (const field of references) {
        if (!isOptional(shape[field]!)) own[field] = a.ids.get(referenceFields[field]!)![0];
      }
      expectOnlyOwnIds(await call(callerA, procedure.path, own), a, b, name);

      for (const field of references) {
        const foreign = { ...own, [field]: b.ids.get(referenceFields[field]!)![0] };
        await expectNothingFound(call(callerA, procedure.path, foreign), name, field);
      }
    });
  }


  it('create-customer: an e-mail used in another business is free here, and nothing of the other is revealed', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const callerB = tenantCaller(b.businessId);
    await callerB.workspace.customers.createCustomer({ name: 'In B', email, tags: ['Only In B'] });
    const created = await callerA.workspace.customers.createCustomer({ name: 'In A', email, tags: ['Only In B'] });
    const own = new Set([...a.all, created.id]);
    const tagRows = await fixtureEm().getConnection().execute<Array<{ id: string }>>('select id from tags where business_id = ?', [a.businessId]);
    tagRows.forEach((row) => own.add(row.id));
    expectOnlyOwnIds(created, { ...a, all: own }, b, 'create-customer');
  });


  it('create-job: every reference to the other business is not found, and nothing is written', async () => {
    const base = { customer_id: a.ids.get('customers')![0]!, title: 'Isolation probe' };
    const foreign = (table: string) => b.ids.get(table)![0]!;
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['customer_id', { ...base, customer_id: foreign('customers') }],
      ['property_id', { ...base, property_id: foreign('properties') }],
      ['job_type_id', { ...base, job_type_id: foreign('job_types') }],
      ['tax_rate_id', { ...base, tax_rate_id: foreign('tax_rates') }],
      ['assigned_team_member_ids.0', { ...base, assigned_team_member_ids: [foreign('team_members')] }],
      ['line_items.0.price_book_item_id', { ...base, line_items: [{ price_book_item_id: foreign('price_book_items'), quantity: 1 }] }],
    ];
    const count = async (table: string) =>
      (await fixtureEm().getConnection().execute<Array<{ n: number }>>(`select count(*)::int as n from ${table} where business_id = ?`, [a.businessId]))[0]!.n;
    const before = [await count('jobs'), await count('outbox_events')];
    for (const [field, input] of attempts) {
      const error = await expectAppError(callerA.workspace.jobs.createJob(input as never), 'RESOURCE_NOT_FOUND');
      expect(error.message, field).to.contain(`"${field}"`);
    }
    expect([await count('jobs'), await count('outbox_events')]).to.deep.equal(before);
    const created = await callerA.workspace.jobs.createJob(base);
    expectOnlyOwnIds(created, { ...a, all: new Set([...a.all, created.id]) }, b, 'create-job');
  });

});
