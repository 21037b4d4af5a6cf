import { expect } from 'chai';
import { webhookEventCatalogue } from '../../core/services/webhooks/event-catalogue.ts';
import { buildSkillTable } from '../../adapters/a2a/skills.ts';
import { buildToolCatalogue } from '../../adapters/mcp/catalogue.ts';
import type { PaidReferenceTerms } from '../../core/routers/agent/describe-paid-reference.schema.ts';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { restOperations } from '../../core/procedures/rest-operations.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';
import { referenceTestRouter } from './reference-router.ts';

async function termsOf(siteUrl: string): Promise<PaidReferenceTerms> {
  const response = await request<PaidReferenceTerms>(`${siteUrl}/api/v1/agent/paid-reference/terms`);
  expect(response.status, response.text).to.equal(200);
  return response.body;
}

describe('the paid reference terms list what the generated reference holds', () => {
  let app: TestApp | undefined;
  after(() => app?.close());

  it('names each section with its count, as the served app generates it (composeApp)', async () => {
    const procedures = listProcedures(appRouter);
    const rest = restOperations(procedures).length;
    const tools = buildToolCatalogue(procedures).definitions.length;
    const skills = buildSkillTable(procedures).skills.length;
    const { content } = await termsOf(service().url);
    expect(content.includes).to.include.members([
      `Public REST endpoints: ${rest} endpoints with parameters, limits, example requests and response shapes`,
      `MCP tools: ${tools} tools with their required scopes, arguments and result shapes`,
      `A2A skills: ${skills} skills with their arguments, example data parts and phrasings`,
      `Webhook events: ${webhookEventCatalogue.length} event types with what emits them and their payloads`,
    ]);
    expect(content.includes).to.have.length(7);
    expect(content.includes[0]).to.match(/^Authentication: /);
  });

  it('follows the router the app serves: one more endpoint, one more in the count', async () => {
    app = await startTestApp(service(), referenceTestRouter);
    const rest = restOperations(listProcedures(appRouter)).length;
    const { content } = await termsOf(app.url);
    expect(content.includes).to.include(
      `Public REST endpoints: ${rest + 1} endpoints with parameters, limits, example requests and response shapes`,
    );
  });
});
