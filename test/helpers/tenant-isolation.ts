import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'chai';
import { type z } from 'zod';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { insertWorkspaceRows } from '../../core/services/demo/insert-workspace.query.ts';
import { generateDemoWorkspace } from '../../scripts/seed/demo-data/field-service/generate-workspace.ts';
import { primaryDemoWorkspace } from '../../scripts/seed/demo-data/field-service/specs.ts';
import type { WorkspaceRows } from '../../scripts/seed/demo-data/field-service/workspace-rows.ts';
import type { ToolMeta } from '../../core/procedures/meta.ts';
import { fixtureEm } from './workspace.ts';

/**
 * The cross-tenant machinery shared by the isolation sweeps over the caller
 * (test/workspace/isolation.test.ts) and over MCP (test/mcp/isolation.test.ts): two seeded businesses,
 * every workspace procedure with inputs derived from its zod schema, and the checks.
 */

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

export interface Workspace {
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

/** A small deterministic demo business (25 customers, 60 jobs...) under a unique slug. */
export async function seedWorkspace(label: string): Promise<Workspace> {
  const suffix = randomBytes(4).toString('hex');
  const rows = generateDemoWorkspace(
    {
      ...primaryDemoWorkspace,
      seed: randomInt(1, 2 ** 31),
      slug: `iso-${label}-${suffix}`,
      name: `Isolation ${label} ${suffix}`,
      customers: 25,
      jobs: 60,
      teamSize: 5,
      leads: 10,
      estimates: 8,
      agreements: 5,
    },
    new Date(),
  );
  await insertWorkspaceRows(fixtureEm(), rows.tables);
  return collect(rows);
}

/** The 47 tools of the agent tool catalogue (docs/workspace-api.md). */
export const toolCatalogue = [
  'get-business-profile',
  'list-tags',
  'list-tax-rates',
  'search-customers',
  'list-customers',
  'get-customer',
  'list-customer-contacts',
  'get-customer-activity',
  'list-properties',
  'get-property',
  'list-property-equipment',
  'list-leads',
  'get-lead',
  'list-lead-sources',
  'list-jobs',
  'get-job',
  'list-job-line-items',
  'list-job-notes',
  'list-job-attachments',
  'list-job-types',
  'list-visits',
  'get-visit',
  'get-schedule',
  'list-unscheduled-jobs',
  'find-available-slots',
  'list-service-zones',
  'list-team-members',
  'get-team-member',
  'list-time-entries',
  'list-time-off',
  'list-estimates',
  'get-estimate',
  'list-invoices',
  'get-invoice',
  'list-unpaid-invoices',
  'list-payments',
  'get-payment',
  'search-price-book',
  'list-services',
  'list-materials',
  'list-service-agreements',
  'get-service-agreement',
  'list-reviews',
  'get-revenue-summary',
  'get-operations-summary',
  'create-customer',
  'create-job',
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every identifier in an answer must be one of the caller's own business. */
export function expectOnlyOwnIds(result: unknown, own: Workspace, foreign: Workspace, tool: string): void {
  const seen = JSON.stringify(result).match(UUID) ?? [];
  const leaked = seen.filter((id) => foreign.all.has(id));
  expect(leaked, `${tool} answered ids of the other business`).to.deep.equal([]);
  const unknown = seen.filter((id) => !own.all.has(id));
  expect(unknown, `${tool} answered ids that are not the caller's`).to.deep.equal([]);
}

export interface WorkspaceProcedure {
  path: string;
  tool: ToolMeta;
  input: z.ZodObject;
  type: 'query' | 'mutation';
}

export function workspaceProcedures(): WorkspaceProcedure[] {
  return (
    listProcedures(appRouter)
      // The workspace's tools: the catalogue of 47. The opt-in tools of other areas (events.listEventsTool) are not among them.
      .filter((procedure) => procedure.meta?.tool && procedure.path.startsWith('workspace.'))
      .map((procedure) => ({
        path: procedure.path,
        tool: procedure.meta!.tool!,
        input: procedure.inputParser as z.ZodObject,
        type: procedure.type as 'query' | 'mutation',
      }))
  );
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

export interface IsolationInputs {
  /** Required inputs filled with the own business's rows. */
  own: Record<string, unknown>;
  /** For each reference field: the own input with that field naming a row of the other business. */
  foreign: Array<{ field: string; input: Record<string, unknown> }>;
}

/** The inputs of a read procedure: one that must answer only own rows, and one per reference field pointing at the other business. */
export function isolationInputs(procedure: WorkspaceProcedure, own: Workspace, other: Workspace): IsolationInputs {
  const shape = procedure.input.shape as Record<string, z.ZodType>;
  const input: Record<string, unknown> = { ...requiredValues[procedure.tool.name] };
  const references = Object.keys(shape).filter((field) => referenceFields[field]);
  for (const field of references) {
    if (!isOptional(shape[field]!)) input[field] = own.ids.get(referenceFields[field]!)![0];
  }
  const foreign = references.map((field) => ({
    field,
    input: { ...input, [field]: other.ids.get(referenceFields[field]!)![0] },
  }));
  return { own: input, foreign };
}

/** The create-job attempts that each reference one row of the other business, by the field that names it. */
export function foreignJobReferences(
  own: Workspace,
  other: Workspace,
): { base: Record<string, unknown>; attempts: Array<[string, Record<string, unknown>]> } {
  const base = { customer_id: own.ids.get('customers')![0]!, title: 'Isolation probe' };
  const foreign = (table: string) => other.ids.get(table)![0]!;
  return {
    base,
    attempts: [
      ['customer_id', { ...base, customer_id: foreign('customers') }],
      ['property_id', { ...base, property_id: foreign('properties') }],
      ['job_type_id', { ...base, job_type_id: foreign('job_types') }],
      ['tax_rate_id', { ...base, tax_rate_id: foreign('tax_rates') }],
      ['assigned_team_member_ids.0', { ...base, assigned_team_member_ids: [foreign('team_members')] }],
      [
        'line_items.0.price_book_item_id',
        { ...base, line_items: [{ price_book_item_id: foreign('price_book_items'), quantity: 1 }] },
      ],
    ],
  };
}
