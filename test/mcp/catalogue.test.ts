import { readFileSync } from 'node:fs';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { expect } from 'chai';
import { z } from 'zod';
import { buildToolCatalogue, type McpToolDefinition } from '../../adapters/mcp/catalogue.ts';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter } from '../../core/routers/_app.ts';
import type { ToolMeta } from '../../core/procedures/meta.ts';
import { router, tenantProcedure } from '../../core/trpc.ts';
import { logLines, runScript } from '../helpers/child-service.ts';
import { service } from '../helpers/root-hooks.ts';
import { toolCatalogue, workspaceProcedures } from '../helpers/tenant-isolation.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';
import { createTestBusiness } from '../helpers/workspace.ts';
import { mint } from '../oauth/token-fixtures.ts';
import { grantFor, mcpHeaders, rpc, tokenFor } from './fixtures.ts';

interface ListResult {
  tools: McpToolDefinition[];
  _meta: { catalogue_revision: string; catalogue_hash: string };
}

const snapshot = JSON.parse(readFileSync(new URL('./catalogue-snapshot.json', import.meta.url), 'utf8')) as {
  revision: string;
  hash: string;
};

/** The catalogue of a router, as the MCP endpoint builds it from the invoker's procedures. */
const catalogueOf = (of: Parameters<typeof listProcedures>[0]) => buildToolCatalogue(listProcedures(of));

/** A one-tool router for contract-change checks. */
function probeRouter(overrides: { tool?: Partial<ToolMeta>; input?: z.ZodObject; output?: z.ZodObject } = {}) {
  const probe = tenantProcedure
    .meta({
      tool: {
        name: 'probe',
        title: 'Probe',
        description: 'A probe.',
        access: 'read',
        toolset: 'business',
        ...overrides.tool,
      },
    })
    .input(overrides.input ?? z.object({ id: z.uuid() }))
    .output(overrides.output ?? z.object({ id: z.string() }))
    .query(({ input }) => ({ id: input.id }));
  return router({ probe });
}

describe('MCP catalogue: tools/list', () => {
  let list: ListResult;
  let token: string;

  before(async () => {
    const business = await createTestBusiness();
    // Read-only: the write tools must be listed all the same.
    token = await tokenFor(business.id, 'mcp:read');
    const response = await rpc(token, 'tools/list');
    expect(response.status, response.text).to.equal(200);
    list = response.body.result as unknown as ListResult;
  });

  it("lists the 47 tools of the catalogue, writes included, to a read-only token, in the router's order", () => {
    expect(list.tools.map((tool) => tool.name))
      .to.have.members(toolCatalogue)
      .and.have.length(47);
    expect(list.tools.map((tool) => tool.name)).to.deep.equal(
      workspaceProcedures().map((procedure) => procedure.tool.name),
    );
    expect(list.tools.map((tool) => tool.name)).to.include.members(['create-customer', 'create-job']);
  });

  it('gives every tool a kebab-case name, a title, an agent-facing description and nothing else undeclared', () => {
    for (const tool of list.tools) {
      expect(tool.name).to.match(/^[a-z]+(-[a-z]+)+$/);
      expect(Object.keys(tool)).to.have.members([
        'name',
        'title',
        'description',
        'inputSchema',
        'outputSchema',
        'annotations',
        '_meta',
      ]);
      expect(tool.title, tool.name).to.be.a('string').and.not.empty;
      expect(tool.description.length, tool.name).to.be.greaterThan(60);
    }
  });

  it("publishes the input and output JSON Schemas generated from the procedures' zod schemas (2020-12, no $schema)", () => {
    const procedures = new Map(workspaceProcedures().map((procedure) => [procedure.tool.name, procedure]));
    const outputs = new Map(listProcedures(appRouter).map((procedure) => [procedure.path, procedure.outputSchema!]));
    for (const tool of list.tools) {
      const procedure = procedures.get(tool.name)!;
      const { $schema: _in, ...input } = z.toJSONSchema(procedure.input.strict(), { io: 'input' }) as Record<
        string,
        unknown
      >;
      const { $schema: _out, ...output } = z.toJSONSchema(outputs.get(procedure.path)!, { io: 'output' }) as Record<
        string,
        unknown
      >;
      expect(tool.inputSchema, tool.name).to.deep.equal(input);
      expect(tool.outputSchema, tool.name).to.deep.equal(output);
      expect(tool.inputSchema).to.include({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema.type, tool.name).to.equal('object');
    }
  });

  it("has schemas a client's validator compiles (the SDK client's Ajv)", () => {
    const validator = new AjvJsonSchemaValidator();
    for (const tool of list.tools) {
      expect(() => validator.getValidator(tool.inputSchema), `${tool.name} input`).not.to.throw();
      expect(() => validator.getValidator(tool.outputSchema), `${tool.name} output`).not.to.throw();
    }
    const getCustomer = list.tools.find((tool) => tool.name === 'get-customer')!;
    const check = validator.getValidator(getCustomer.inputSchema);
    expect(check({ customer_id: '8e0b2d0e-1a43-4e43-8a54-6d3c1c1b2f10' }).valid).to.equal(true);
    expect(check({ customer_id: '8e0b2d0e-1a43-4e43-8a54-6d3c1c1b2f10', extra: 1 }).valid).to.equal(false);
  });

  it('annotates reads as read-only and closed, writes as neither destructive nor idempotent', () => {
    for (const tool of list.tools) {
      const write = tool.name === 'create-customer' || tool.name === 'create-job';
      expect(tool.annotations, tool.name).to.deep.equal(
        write
          ? { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }
          : { readOnlyHint: true, openWorldHint: false },
      );
    }
  });

  it('names the scopes each tool requires in its _meta', () => {
    const meta = Object.fromEntries(list.tools.map((tool) => [tool.name, tool._meta]));
    expect(meta['create-customer']).to.deep.equal({
      required_scopes: ['mcp:customers:write'],
      accepted_scopes: ['mcp:customers:write', 'mcp:write'],
    });
    expect(meta['create-job']).to.deep.equal({
      required_scopes: ['mcp:jobs:write'],
      accepted_scopes: ['mcp:jobs:write', 'mcp:write'],
    });
    const reads = list.tools.filter((tool) => !tool.name.startsWith('create-'));
    expect(reads).to.have.length(45);
    for (const tool of reads)
      expect(tool._meta, tool.name).to.deep.equal({
        required_scopes: ['mcp:read'],
        accepted_scopes: ['mcp:read', 'mcp:use'],
      });
  });

  it('publishes the catalogue revision and hash, equal to the committed snapshot', () => {
    const { catalogue_revision: revision, catalogue_hash: hash } = list._meta;
    expect(hash).to.match(/^sha256:[0-9a-f]{64}$/);
    if (hash !== snapshot.hash && revision === snapshot.revision) {
      expect.fail(
        `A tool contract changed (catalogue hash ${hash}, snapshot ${snapshot.hash}) but the revision is still ${revision}: ` +
          "bump CATALOGUE_REVISION in adapters/mcp/catalogue-revision.ts to today's date (a second change on the same day adds .2, .3, ...) and update test/mcp/catalogue-snapshot.json to the new revision and hash.",
      );
    }
    expect({ revision, hash }, 'update test/mcp/catalogue-snapshot.json to the new revision and hash').to.deep.equal(
      snapshot,
    );
  });

  it('repeats the revision and hash in the initialize result', async () => {
    const response = await rpc(token, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    const { catalogue_revision, catalogue_hash } = list._meta;
    expect(response.body.result!._meta).to.deep.equal({ catalogue_revision, catalogue_hash });
  });

  describe('the hash', () => {
    let second: TestApp | undefined;
    after(async () => second?.close());

    it('is the same on another instance and in a freshly started process', async function () {
      this.timeout(60_000);
      second = await startTestApp(service(), appRouter);
      const grant = await grantFor((await createTestBusiness()).id, 'mcp:read');
      const { token: secondToken } = await mint(grant, { issuer: second.url, audience: `${second.url}/api/v1/mcp` });
      const response = await fetch(`${second.url}/api/v1/mcp`, {
        method: 'POST',
        headers: mcpHeaders(secondToken),
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      });
      const other = ((await response.json()) as { result: ListResult }).result;
      expect(other._meta).to.deep.equal(list._meta);

      const run = runScript('test/fixtures/print-catalogue.ts', {});
      expect(await run.exited, run.stderr()).to.equal(0);
      const [printed] = logLines(run.stdout());
      expect(printed).to.deep.equal({
        revision: list._meta.catalogue_revision,
        hash: list._meta.catalogue_hash,
        tools: 47,
      });
    });

    it('does not depend on the order tools are declared in', () => {
      const a = tenantProcedure
        .meta({ tool: { name: 'tool-a', title: 'A', description: 'A.', access: 'read', toolset: 'business' } })
        .input(z.object({}))
        .output(z.object({ a: z.string() }))
        .query(() => ({ a: '' }));
      const b = tenantProcedure
        .meta({ tool: { name: 'tool-b', title: 'B', description: 'B.', access: 'read', toolset: 'business' } })
        .input(z.object({}))
        .output(z.object({ b: z.string() }))
        .query(() => ({ b: '' }));
      expect(catalogueOf(router({ a, b })).hash).to.equal(catalogueOf(router({ b, a })).hash);
    });

    it("changes whenever any part of a tool's contract changes", () => {
      const base = catalogueOf(probeRouter()).hash;
      expect(catalogueOf(probeRouter()).hash, 'rebuilt unchanged').to.equal(base);
      const variants: Record<string, string> = {
        name: catalogueOf(probeRouter({ tool: { name: 'probe-two' } })).hash,
        title: catalogueOf(probeRouter({ tool: { title: 'Probe!' } })).hash,
        description: catalogueOf(probeRouter({ tool: { description: 'Another probe.' } })).hash,
        access: catalogueOf(probeRouter({ tool: { access: 'customers:write', toolset: 'customers' } })).hash,
        'optional input field': catalogueOf(
          probeRouter({ input: z.object({ id: z.uuid(), limit: z.number().optional() }) }),
        ).hash,
        'input constraint': catalogueOf(probeRouter({ input: z.object({ id: z.string() }) })).hash,
        'output field': catalogueOf(probeRouter({ output: z.object({ id: z.string(), name: z.string() }) })).hash,
        'output nullability': catalogueOf(probeRouter({ output: z.object({ id: z.string().nullable() }) })).hash,
        'field description': catalogueOf(probeRouter({ output: z.object({ id: z.string().describe('The id.') }) }))
          .hash,
      };
      for (const [change, hash] of Object.entries(variants)) expect(hash, change).to.not.equal(base);
      expect(new Set(Object.values(variants)).size).to.equal(Object.keys(variants).length);
    });
  });
});
