import { randomBytes } from 'node:crypto';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { expect } from 'chai';
import type { McpToolDefinition } from '../../adapters/mcp/catalogue.ts';
import {
  expectOnlyOwnIds,
  foreignJobReferences,
  isolationInputs,
  seedWorkspace,
  toolCatalogue,
  workspaceProcedures,
  type Workspace,
} from '../helpers/tenant-isolation.ts';
import { countRows, sql } from '../helpers/sql.ts';
import { callTool, rpc, tokenFor, type ToolResult } from './fixtures.ts';

/** A foreign reference finds nothing (an empty list) or is not found (isError): never data, never "forbidden". */
function expectNothingFound(result: ToolResult, tool: string, field: string): void {
  if (result.isError) {
    expect(result.content[0]!.text, `${tool} with a foreign ${field}`).to.match(/^RESOURCE_NOT_FOUND: /);
    return;
  }
  const items = (result.structuredContent as { items?: unknown[] }).items;
  expect(items, `${tool} with a foreign ${field} answered a non-list`).to.be.an('array');
  expect(items, `${tool} with a foreign ${field} found rows`).to.deep.equal([]);
}

describe('MCP: tenant isolation of all 47 tools over the wire', function () {
  this.timeout(120_000);
  const validator = new AjvJsonSchemaValidator();
  let a: Workspace;
  let b: Workspace;
  const tokens = new Map<string, string>();
  let definitions: Map<string, McpToolDefinition>;

  before(async () => {
    [a, b] = [await seedWorkspace('mcp-a'), await seedWorkspace('mcp-b')];
    for (const workspace of [a, b])
      tokens.set(workspace.businessId, await tokenFor(workspace.businessId, 'mcp:read mcp:write'));
    const list = await rpc(tokens.get(a.businessId)!, 'tools/list');
    definitions = new Map((list.body.result!.tools as McpToolDefinition[]).map((tool) => [tool.name, tool]));
  });

  it('covers every tool of the catalogue', () => {
    expect([...definitions.keys()]).to.have.members(toolCatalogue);
  });

  for (const procedure of workspaceProcedures().filter((entry) => entry.type === 'query')) {
    const { name } = procedure.tool;
    it(`${name}: each business's token answers only its own rows (valid against outputSchema), and a reference to the other's finds nothing`, async () => {
      const check = validator.getValidator(definitions.get(name)!.outputSchema);
      for (const [own, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const token = tokens.get(own.businessId)!;
        const inputs = isolationInputs(procedure, own, other);
        const result = await callTool(token, name, inputs.own);
        expect(result.isError, result.content[0]?.text).to.equal(false);
        const validation = check(result.structuredContent);
        expect(validation.valid, `${name}: ${validation.errorMessage}`).to.equal(true);
        expect(JSON.parse(result.content[0]!.text)).to.deep.equal(result.structuredContent);
        expectOnlyOwnIds(result.structuredContent, own, other, name);
        for (const { field, input } of inputs.foreign)
          expectNothingFound(await callTool(token, name, input), name, field);
      }
    });
  }

  it('create-customer: an e-mail used in the other business is free here, and the answer holds nothing of the other', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const inB = await callTool(tokens.get(b.businessId)!, 'create-customer', {
      name: 'In B',
      email,
      tags: ['Only In B'],
    });
    expect(inB.isError).to.equal(false);
    const inA = await callTool(tokens.get(a.businessId)!, 'create-customer', {
      name: 'In A',
      email,
      tags: ['Only In B'],
    });
    expect(inA.isError, inA.content[0]!.text).to.equal(false);
    const created = inA.structuredContent as { id: string };
    const own = new Set([...a.all, created.id]);
    (await sql<{ id: string }>('select id from tags where business_id = ?', [a.businessId])).forEach((row) =>
      own.add(row.id),
    );
    expectOnlyOwnIds(created, { ...a, all: own }, b, 'create-customer');
    const check = validator.getValidator(definitions.get('create-customer')!.outputSchema);
    expect(check(created).valid).to.equal(true);
  });

  it('create-job: every reference to the other business is not found, naming the field, and nothing is written', async () => {
    const token = tokens.get(a.businessId)!;
    const { base, attempts } = foreignJobReferences(a, b);
    const before = [
      await countRows('jobs', a.businessId),
      await countRows('outbox_events', a.businessId),
      await countRows('jobs', b.businessId),
    ];
    for (const [field, input] of attempts) {
      const result = await callTool(token, 'create-job', input);
      expect(result.isError, field).to.equal(true);
      expect(result.content[0]!.text, field)
        .to.match(/^RESOURCE_NOT_FOUND: /)
        .and.to.contain(`"${field}"`);
    }
    expect([
      await countRows('jobs', a.businessId),
      await countRows('outbox_events', a.businessId),
      await countRows('jobs', b.businessId),
    ]).to.deep.equal(before);
    const created = await callTool(token, 'create-job', base);
    expect(created.isError, created.content[0]!.text).to.equal(false);
    expect(
      validator.getValidator(definitions.get('create-job')!.outputSchema)(created.structuredContent).valid,
    ).to.equal(true);
    expectOnlyOwnIds(
      created.structuredContent,
      { ...a, all: new Set([...a.all, (created.structuredContent as { id: string }).id]) },
      b,
      'create-job',
    );
  });
});
