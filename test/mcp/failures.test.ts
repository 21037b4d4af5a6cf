import { expect } from 'chai';
import { z } from 'zod';
import { appRouter } from '../../core/routers/_app.ts';
import { mergeRouters, router, tenantProcedure } from '../../core/trpc.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';
import { createTestBusiness } from '../helpers/workspace.ts';
import { mint } from '../oauth/token-fixtures.ts';
import { grantFor, mcpHeaders, type RpcBody } from './fixtures.ts';

/** Test-only tools: one fails unexpectedly, one answers more than its output schema allows. */
const failing = router({
  broken: tenantProcedure
    .meta({
      tool: {
        name: 'broken-probe',
        title: 'Broken',
        description: 'Test probe that fails with an unexpected error.',
        access: 'read',
        toolset: 'business',
      },
    })
    .input(z.object({}))
    .output(z.object({ ok: z.boolean() }))
    .query(() => {
      throw new Error('secret internal detail');
    }),
  wrongOutput: tenantProcedure
    .meta({
      tool: {
        name: 'wrong-output-probe',
        title: 'Wrong output',
        description: 'Test probe whose answer breaks its output schema.',
        access: 'read',
        toolset: 'business',
      },
    })
    .input(z.object({}))
    .output(z.object({ ok: z.boolean() }))
    .query(() => ({ ok: 'yes' }) as unknown as { ok: boolean }),
});

describe('MCP: unexpected failures inside a tool', () => {
  let app: TestApp;
  let token: string;

  before(async () => {
    app = await startTestApp(service(), mergeRouters(appRouter, router({ failing })));
    const grant = await grantFor((await createTestBusiness()).id, 'mcp:read');
    token = (await mint(grant, { issuer: app.url, audience: `${app.url}/api/v1/mcp` })).token;
  });
  after(async () => app?.close());

  const call = async (name: string) => {
    const response = await fetch(`${app.url}/api/v1/mcp`, {
      method: 'POST',
      headers: mcpHeaders(token),
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: {} } }),
    });
    return {
      status: response.status,
      body: (await response.json()) as RpcBody,
      requestId: response.headers.get('x-request-id'),
    };
  };

  it('lists the extra tools: the catalogue follows the router it is given', async () => {
    const response = await fetch(`${app.url}/api/v1/mcp`, {
      method: 'POST',
      headers: mcpHeaders(token),
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    const names = ((await response.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map(
      (tool) => tool.name,
    );
    expect(names).to.include.members(['broken-probe', 'wrong-output-probe']).and.have.length(49);
  });

  for (const name of ['broken-probe', 'wrong-output-probe']) {
    it(`${name}: a JSON-RPC -32603 error with HTTP 500, the detail masked to the request id and logged`, async () => {
      const { status, body, requestId } = await call(name);
      expect(status).to.equal(500);
      expect(body.id).to.equal(9);
      expect(body.error!.code).to.equal(-32603);
      expect(body.error!.data).to.include({ code: 'INTERNAL_ERROR', status: 500 });
      expect(body.error!.message).to.contain(requestId!).and.not.contain('secret');
      const logged = app.logs.find(
        (line) => line.msg === 'unexpected error in an MCP tool call' && line.reqId === requestId,
      );
      expect(logged, 'the error is logged with its request id').to.not.equal(undefined);
      expect(app.logs.find((line) => line.msg === 'mcp tool call' && line.mcp_tool === name)).to.include({
        outcome: 'failed',
        error_code: 'INTERNAL_ERROR',
      });
    });
  }
});
