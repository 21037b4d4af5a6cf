import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'chai';
import { ZInsertDemoWorkspaceInput } from '../../core/routers/demo/insert-demo-workspace.schema.ts';
import { demoWorkspaceEntities } from '../../core/services/demo/workspace-entities.query.ts';
import { generateDemoWorkspace } from '../../scripts/seed/demo-data/field-service/generate-workspace.ts';
import { demoWorkspaceSpecs, primaryDemoWorkspace } from '../../scripts/seed/demo-data/field-service/specs.ts';
import { sql } from '../helpers/sql.ts';
import { expectAppError } from '../helpers/workspace.ts';
import { accountsCaller, uniqueSuffix } from './fixtures.ts';

/** A small demo business under a unique slug and seed (the real two are created once per database). */
function smallWorkspace() {
  const suffix = randomBytes(4).toString('hex');
  return generateDemoWorkspace(
    {
      ...primaryDemoWorkspace,
      seed: randomInt(1, 2 ** 31),
      slug: `demo-test-${suffix}`,
      name: `Demo test ${suffix}`,
      customers: 6,
      jobs: 12,
      teamSize: 3,
      leads: 3,
      estimates: 3,
      agreements: 2,
    },
    new Date(),
  );
}

describe('infrastructure.demo.insertDemoWorkspace', () => {
  it('takes both generated demo businesses as they are: validation changes no row', () => {
    const now = new Date('2026-11-20T15:00:00Z');
    for (const spec of Object.values(demoWorkspaceSpecs)) {
      const input = { tables: generateDemoWorkspace(spec, now).toInput(), owner_email: 'owner@example.test' };
      expect(ZInsertDemoWorkspaceInput.parse(input), spec.slug).to.deep.equal(input);
      expect(generateDemoWorkspace(spec, now).toInput(), 'deterministic').to.deep.equal(input.tables);
    }
  });

  it('stores a generated business with its owner, then refuses a second copy', async () => {
    const caller = accountsCaller();
    const email = `demo-owner-${uniqueSuffix()}@example.test`;
    await caller.accounts.createUser({ email, name: 'Demo Owner', password: 'a long passphrase' });
    const rows = smallWorkspace();
    const input = { tables: rows.toInput(), owner_email: email.toUpperCase() };
    const result = await caller.infrastructure.demo.insertDemoWorkspace(input);
    const business = input.tables[0]!.rows[0] as { id: string; slug: string; name: string };
    expect(result).to.deep.include({ business_id: business.id, slug: business.slug, name: business.name });
    expect(result.rows).to.deep.equal({
      ...Object.fromEntries([...rows.tables].map(([entity, data]) => [entity.meta.tableName, data.length])),
      memberships: 1,
    });
    const [stored] = await sql<{ n: number }>('select count(*)::int as n from jobs where business_id = ?', [
      business.id,
    ]);
    expect(stored!.n).to.equal(rows.toInput().find((table) => table.entity === 'Job')!.rows.length);
    await expectAppError(caller.infrastructure.demo.insertDemoWorkspace(input), 'CONFLICT');
  });

  it('inserts parents first whatever order the tables come in', async () => {
    const rows = smallWorkspace();
    const result = await accountsCaller().infrastructure.demo.insertDemoWorkspace({ tables: rows.toInput().reverse() });
    const present = demoWorkspaceEntities.filter((entity) => rows.tables.has(entity));
    expect(Object.keys(result.rows)).to.deep.equal(present.map((entity) => entity.meta.tableName));
    // The real demo businesses are generated in that order already.
    for (const spec of Object.values(demoWorkspaceSpecs)) {
      expect([...generateDemoWorkspace(spec, new Date()).tables.keys()], spec.slug).to.deep.equal(
        demoWorkspaceEntities,
      );
    }
  });

  it('refuses an owner no user has', async () => {
    await expectAppError(
      accountsCaller().infrastructure.demo.insertDemoWorkspace({
        tables: smallWorkspace().toInput(),
        owner_email: `nobody-${uniqueSuffix()}@example.test`,
      }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it("refuses rows outside the entities' definitions, and more or less than one business, as invalid input", async () => {
    const caller = accountsCaller();
    const tables = () => smallWorkspace().toInput();
    const withRow = (entity: string, change: (row: Record<string, unknown>) => Record<string, unknown>) =>
      tables().map((table) =>
        table.entity === entity ? { ...table, rows: [change(table.rows[0]!), ...table.rows.slice(1)] } : table,
      );
    const other = tables();
    const invalid = [
      tables().filter((table) => table.entity !== 'Business'),
      [...tables(), other[0]!],
      [...tables(), { entity: 'Membership', rows: [{ businessId: 'x', userId: 'y', role: 'owner' }] }],
      withRow('Customer', (row) => ({ ...row, nickname: 'Bob' })),
      withRow('Customer', (row) => ({ ...row, name: 42 })),
      withRow('Customer', (row) => ({ ...row, name: 'a\u0000b' })),
      withRow('Job', (row) => ({ ...row, status: 'lost' })),
      withRow('Invoice', (row) => ({ ...row, createdAt: '2026-01-01' })),
      withRow('Tag', (row) => ({ ...row, businessId: other[0]!.rows[0]!.id })),
    ];
    for (const [index, input] of invalid.entries()) {
      await expectAppError(
        caller.infrastructure.demo.insertDemoWorkspace({ tables: input as never }),
        'VALIDATION_FAILED',
      ).catch((error: Error) => {
        throw new Error(`case ${index}: ${error.message}`);
      });
    }
  });
});
