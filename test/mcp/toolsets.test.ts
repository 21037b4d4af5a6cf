import { expect } from 'chai';
import { toolsets } from '../../core/auth/toolsets.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { countRows } from '../helpers/sql.ts';
import { workspaceProcedures } from '../helpers/tenant-isolation.ts';
import { createTestBusiness } from '../helpers/workspace.ts';
import { mcpUrl, tokenFor } from './fixtures.ts';
import { list, post } from './view-requests.ts';

const byToolset = (name: string) =>
  workspaceProcedures()
    .filter((procedure) => procedure.tool.toolset === name)
    .map((procedure) => procedure.tool.name);

describe('MCP toolsets: choosing what the agent sees', () => {
  let token: string;
  let businessId: string;
  before(async () => {
    businessId = (await createTestBusiness()).id;
    token = await tokenFor(businessId, 'mcp:read mcp:customers:write mcp:jobs:write');
  });

  it('puts every tool in exactly one toolset, every toolset holds tools, and each declares exactly its tools’ writes', () => {
    const procedures = workspaceProcedures();
    const names = toolsets.map((toolset) => toolset.name);
    for (const procedure of procedures) expect(names, procedure.tool.name).to.include(procedure.tool.toolset);
    expect(toolsets.flatMap((toolset) => byToolset(toolset.name))).to.have.members(procedures.map((p) => p.tool.name));
    for (const toolset of toolsets) {
      const members = procedures.filter((procedure) => procedure.tool.toolset === toolset.name);
      expect(members, toolset.name).to.not.be.empty;
      const writes = [...new Set(members.map((p) => p.tool.access).filter((access) => access !== 'read'))];
      expect(writes, toolset.name).to.have.members([...toolset.writes]);
    }
  });

  it('lists the toolsets with their tools in _meta, whatever the view', async () => {
    for (const path of ['', '/x/team']) {
      const { _meta } = await list(token, { path });
      expect(_meta.toolsets.map((toolset) => toolset.name)).to.deep.equal(toolsets.map((toolset) => toolset.name));
      for (const toolset of _meta.toolsets) expect(toolset.tools).to.deep.equal(byToolset(toolset.name));
    }
  });

  for (const modern of [false, true]) {
    const era = modern ? '2026-07-28' : '2025-11-25';

    it(`${era}: a toolset by URL path and by X-MCP-Toolsets lists its tools in catalogue order, with one revision and hash of its own`, async () => {
      const whole = await list(token, { modern });
      const byPath = await list(token, { path: '/x/jobs,team', modern });
      const byHeader = await list(token, { headers: { 'x-mcp-toolsets': 'team, jobs' }, modern });
      const expected = whole.tools
        .map((tool) => tool.name)
        .filter((name) => [...byToolset('jobs'), ...byToolset('team')].includes(name));
      expect(byPath.tools.map((tool) => tool.name)).to.deep.equal(expected);
      expect(byHeader.tools).to.deep.equal(byPath.tools);
      expect(byPath._meta.catalogue_hash)
        .to.match(/^sha256:[0-9a-f]{64}$/)
        .and.not.equal(whole._meta.catalogue_hash);
      expect(byPath._meta.catalogue_revision).to.equal(`${whole._meta.catalogue_revision}+x/jobs,team`);
      expect(byHeader._meta).to.deep.equal(byPath._meta);
      // Deterministic: the same view answers the same list again.
      expect(await list(token, { path: '/x/team,jobs', modern })).to.deep.equal(byPath);
    });

    it(`${era}: read-only (path and header) hides the write tools and refuses them if called, writing nothing`, async () => {
      const whole = await list(token, { modern });
      for (const options of [{ path: '/readonly' }, { headers: { 'x-mcp-readonly': 'true' } }]) {
        const readonly = await list(token, { ...options, modern });
        expect(readonly.tools.map((tool) => tool.name)).to.deep.equal(
          whole.tools.map((tool) => tool.name).filter((name) => name !== 'create-customer' && name !== 'create-job'),
        );
        expect(readonly._meta.catalogue_revision).to.equal(`${whole._meta.catalogue_revision}+readonly`);
        expect(readonly._meta.catalogue_hash).to.not.equal(whole._meta.catalogue_hash);
        const before = await countRows('customers', businessId);
        const call = await post(
          token,
          'tools/call',
          { name: 'create-customer', arguments: { name: 'Nobody' } },
          { ...options, modern },
        );
        expect(call.status, call.text).to.equal(200);
        expect(call.body.error!.data.code).to.equal('MCP_TOOL_READ_ONLY');
        expect(call.body.error!.message).to.contain('read-only');
        expect(await countRows('customers', businessId)).to.equal(before);
      }
    });
  }

  it('combines a toolset path with /readonly, and explicit tools with X-MCP-Tools (added to the toolsets)', async () => {
    const customersReadonly = await list(token, { path: '/x/customers/readonly' });
    expect(customersReadonly.tools.map((tool) => tool.name)).to.deep.equal(
      byToolset('customers').filter((name) => name !== 'create-customer'),
    );
    const explicit = await list(token, { headers: { 'x-mcp-tools': 'get-job,get-business-profile' } });
    expect(explicit.tools.map((tool) => tool.name)).to.deep.equal(['get-business-profile', 'get-job']);
    expect(explicit._meta.catalogue_revision).to.match(/\+tools\/get-business-profile,get-job$/);
    const added = await list(token, { path: '/x/team', headers: { 'x-mcp-tools': 'get-job' } });
    expect(added.tools.map((tool) => tool.name)).to.have.members([...byToolset('team'), 'get-job']);
  });

  it('answers a tool outside the view as unknown, saying it was not chosen', async () => {
    const call = await post(token, 'tools/call', { name: 'get-business-profile', arguments: {} }, { path: '/x/team' });
    expect(call.body.error!.data.code).to.equal('MCP_TOOL_NOT_FOUND');
    expect(call.body.error!.message).to.contain('not in the toolsets or tools this connection chose');
    const inView = await post(token, 'tools/call', { name: 'list-team-members', arguments: {} }, { path: '/x/team' });
    expect(inView.body.result, inView.text).to.deep.include({ isError: false });
  });

  it('refuses unknown toolsets and tools and a bad read-only value with a 400 naming the valid ones, before authentication', async () => {
    const cases: Array<[Parameters<typeof post>[3], string]> = [
      [
        { path: '/x/jobs,invoices' },
        'Unknown toolset "invoices": the toolsets are business, customers, jobs, billing, team, price-book, events.',
      ],
      [{ path: '/x/%E0%A4%A' }, 'not valid percent-encoding'],
      [{ headers: { 'x-mcp-toolsets': 'jobs,Jobs' } }, 'Unknown toolset "Jobs"'],
      [
        { headers: { 'x-mcp-tools': 'get-job,delete-job' } },
        'Unknown tool "delete-job": the tools are get-business-profile,',
      ],
      [{ headers: { 'x-mcp-readonly': 'yes' } }, 'X-MCP-Readonly must be true or false'],
    ];
    for (const [options, message] of cases) {
      for (const who of [token, undefined]) {
        const response = await post(who, 'tools/list', {}, options);
        expect(response.status, response.text).to.equal(400);
        expect(response.body.error!.data.code).to.equal('MCP_VIEW_INVALID');
        expect(response.body.error!.message).to.contain(message);
      }
    }
    const huge = await post(token, 'tools/list', {}, { headers: { 'x-mcp-tools': 'x'.repeat(5000) } });
    expect(huge.status).to.equal(400);
    expect(huge.body.error!.message.length).to.be.below(2000);
  });

  it('leaves other paths under the endpoint unserved', async () => {
    for (const path of ['/x', '/x/', '/readonly/x/jobs', '/x/jobs/readonly/', '/other']) {
      const response = await post(token, 'tools/list', {}, { path });
      expect(response.status, path).to.equal(404);
    }
  });

  it('challenges a view for its own metadata and scope, and that metadata names the one resource', async () => {
    const site = service().config.siteUrl;
    const cases: Array<[Parameters<typeof post>[3], string, string]> = [
      [{}, `${site}/.well-known/oauth-protected-resource`, 'mcp:read mcp:customers:write mcp:jobs:write'],
      [{ path: '/readonly' }, `${site}/.well-known/oauth-protected-resource/api/v1/mcp/readonly`, 'mcp:read'],
      [
        { path: '/x/jobs,team' },
        `${site}/.well-known/oauth-protected-resource/api/v1/mcp/x/jobs,team`,
        'mcp:read mcp:jobs:write',
      ],
      [
        { path: '/x/customers/readonly' },
        `${site}/.well-known/oauth-protected-resource/api/v1/mcp/x/customers/readonly`,
        'mcp:read',
      ],
      [
        { headers: { 'x-mcp-readonly': 'true' } },
        `${site}/.well-known/oauth-protected-resource/api/v1/mcp/readonly`,
        'mcp:read',
      ],
      [
        { headers: { 'x-mcp-tools': 'create-customer' } },
        `${site}/.well-known/oauth-protected-resource`,
        'mcp:read mcp:customers:write',
      ],
    ];
    for (const [options, metadata, scope] of cases) {
      const response = await post(undefined, 'tools/list', {}, options);
      expect(response.status).to.equal(401);
      expect(response.headers.get('www-authenticate')).to.equal(
        `Bearer resource_metadata="${metadata}", scope="${scope}"`,
      );
      const document = await request<{ resource: string; scopes_supported: string[] }>(metadata);
      expect(document.status, document.text).to.equal(200);
      expect(document.body.resource).to.equal(mcpUrl());
      if (metadata.endsWith('/oauth-protected-resource')) continue;
      expect(document.body.scopes_supported.join(' ')).to.equal(scope);
    }
    const unknown = await request<{ code: string; message: string }>(
      `${site}/.well-known/oauth-protected-resource/api/v1/mcp/x/jobs,nope`,
    );
    expect(unknown.status).to.equal(400);
    expect(JSON.stringify(unknown.body)).to.contain('MCP_VIEW_INVALID');
  });
});
