import { expect } from 'chai';
import { countRows } from '../helpers/sql.ts';
import { workspaceProcedures } from '../helpers/tenant-isolation.ts';
import { createTestBusiness } from '../helpers/workspace.ts';
import { mint } from '../oauth/token-fixtures.ts';
import { grantFor } from './fixtures.ts';
import { list, post, type ListResult } from './view-requests.ts';

const toolNames = (result: ListResult) => result.tools.map((tool) => tool.name);
const writeTool = (access: string) => workspaceProcedures().find((procedure) => procedure.tool.access === access)!.tool;
const everyTool = () => workspaceProcedures().map((procedure) => procedure.tool.name);
const readTools = () =>
  workspaceProcedures()
    .filter((procedure) => procedure.tool.access === 'read')
    .map((procedure) => procedure.tool.name);

const READ = 'mcp:read';

describe('MCP: write tools the token can never be granted are not offered', () => {
  let businessId: string;
  let wholeHash: string;
  const createCustomer = () => writeTool('customers:write');
  const createJob = () => writeTool('jobs:write');

  before(async () => {
    businessId = (await createTestBusiness()).id;
    const admin = await mint(await grantFor(businessId, READ));
    wholeHash = (await list(admin.token))._meta.catalogue_hash;
  });

  it('lists the write tools, marked for step-up, to a read-only grant whose client and member may still reach them', async () => {
    const { token } = await mint(await grantFor(businessId, READ));
    const result = await list(token);
    expect(toolNames(result)).to.have.members(everyTool());
    expect(result._meta.catalogue_hash).to.equal(wholeHash);
  });

  it('hides every write tool from a plain member, and refuses a call to one without writing', async () => {
    const { token } = await mint(await grantFor(businessId, READ, { role: 'member' }));
    const result = await list(token);
    expect(toolNames(result)).to.have.members(readTools());
    expect(result._meta.catalogue_revision).to.match(/\+without\/customers:write,jobs:write$/);
    expect(result._meta.catalogue_hash).to.not.equal(wholeHash);

    const before = await countRows('customers', businessId);
    const call = await post(token, 'tools/call', { name: createCustomer().name, arguments: { name: 'Never written' } });
    expect(call.status, call.text).to.equal(200);
    expect(call.body.error!.data.code).to.equal('MCP_TOOL_NOT_GRANTABLE');
    expect(call.body.error!.message).to.include(createCustomer().name);
    expect(String(call.body.error!.data.resolution)).to.include('owner or admin');
    expect(await countRows('customers', businessId)).to.equal(before);
  });

  it('hides only the write whose scope the client did not register', async () => {
    const { token } = await mint(await grantFor(businessId, READ, { clientScope: 'mcp:read mcp:customers:write' }));
    const result = await list(token);
    expect(toolNames(result)).to.include(createCustomer().name);
    expect(toolNames(result)).to.not.include(createJob().name);
    expect(result._meta.catalogue_revision).to.match(/\+without\/jobs:write$/);
    const call = await post(token, 'tools/call', { name: createJob().name, arguments: {} });
    expect(call.body.error!.data.code).to.equal('MCP_TOOL_NOT_GRANTABLE');
  });

  it('keeps offering a write the grant already holds, whatever the client registers now', async () => {
    // A grant written before its client narrowed its registration keeps what the user consented to.
    const { token } = await mint(
      await grantFor(businessId, 'mcp:read mcp:jobs:write', { clientScope: 'mcp:read mcp:jobs:write' }),
    );
    const result = await list(token);
    expect(toolNames(result)).to.include(createJob().name);
    expect(toolNames(result)).to.not.include(createCustomer().name);
  });

  it('narrows a chosen view the same way, and leaves a view without writes as it is', async () => {
    const { token } = await mint(await grantFor(businessId, READ, { role: 'member' }));
    const admin = await mint(await grantFor(businessId, READ));
    const team = await list(token, { path: '/x/team' });
    expect(team._meta).to.deep.equal((await list(admin.token, { path: '/x/team' }))._meta);
    const readonly = await list(token, { path: '/readonly' });
    expect(readonly._meta).to.deep.equal((await list(admin.token, { path: '/readonly' }))._meta);
  });

  describe('2026-07-28 cache hints', () => {
    it('says public for a catalogue the URL alone names', async () => {
      const { token } = await mint(await grantFor(businessId, READ));
      for (const path of ['', '/x/jobs', '/readonly'])
        expect((await list(token, { path, modern: true })).cacheScope).to.equal('public');
    });

    it('says private for a view chosen by headers, or narrowed by the token, on tools/list and server/discover', async () => {
      const admin = await mint(await grantFor(businessId, READ));
      const member = await mint(await grantFor(businessId, READ, { role: 'member' }));
      for (const headers of <Array<Record<string, string>>>[
        { 'x-mcp-toolsets': 'jobs' },
        { 'x-mcp-readonly': 'true' },
        { 'x-mcp-tools': 'list-customers' },
      ])
        expect((await list(admin.token, { headers, modern: true })).cacheScope, JSON.stringify(headers)).to.equal(
          'private',
        );
      expect((await list(member.token, { modern: true })).cacheScope).to.equal('private');
      const discover = await post(member.token, 'server/discover', {}, { modern: true });
      expect(discover.body.result).to.include({ cacheScope: 'private' });
      expect((discover.body.result!._meta as ListResult['_meta']).catalogue_revision).to.match(/\+without\//);
    });
  });
});
