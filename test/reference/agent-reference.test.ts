import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { buildSkillTable } from '../../adapters/a2a/skills.ts';
import { buildToolCatalogue } from '../../adapters/mcp/catalogue.ts';
import type { Config } from '../../core/config.ts';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import type { ProcedureEntry } from '../../core/procedures/procedure-entry.ts';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { restOperations } from '../../core/procedures/rest-operations.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { readAgentReference } from '../../core/services/agent/read-agent-reference.ts';
import { AGENT_TASK_RETENTION_DAYS } from '../../core/services/agent-tasks/retention.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { withAgentReference } from '../../scripts/compose/compose-app.ts';
import { service } from '../helpers/root-hooks.ts';
import { referenceTestRouter } from './reference-router.ts';

type AgentReferenceAnswer = ReturnType<typeof readAgentReference>;

/** The reference as the purchase reads it once paid (readAgentReference), for the services given. */
async function fetchReference(
  services: CoreServices,
  config: Config = service().config,
): Promise<AgentReferenceAnswer> {
  const context = createContextInner({
    em: service().database.orm.em,
    services,
    log: createLogger('silent'),
    urls: { site: config.siteUrl, base: config.baseUrl },
    requestId: 'reference-test',
  });
  return readAgentReference(context);
}

/** The services of an app serving `procedures`, composed as composeApp composes them. */
function composedServices(procedures: readonly ProcedureEntry[], config: Config = service().config): CoreServices {
  return withAgentReference(createCoreServices(service().database, config), procedures, config);
}

describe('the agent reference: the content of the paid reference', () => {
  const procedures = listProcedures(appRouter);
  let answer: AgentReferenceAnswer;
  let content: string;

  before(async () => {
    answer = await fetchReference(composedServices(procedures));
    content = answer.content;
  });

  it('answers its resource URL, content, revision and sections', () => {
    expect(answer.resource).to.equal(`${service().config.baseUrl}/v1/agent/paid-reference`);
    expect(answer.revision).to.equal(`sha256:${createHash('sha256').update(content).digest('hex')}`);
    expect(answer.sections.map((section) => section.id)).to.deep.equal([
      'authentication',
      'rest-endpoints',
      'mcp-tools',
      'a2a-skills',
      'webhook-events',
      'limits',
      'errors',
    ]);
    for (const section of answer.sections) expect(content).to.include(`## ${section.title}\n`);
  });

  it('documents every REST endpoint with openapi meta, by method and path, with its absolute URL', () => {
    const rest = restOperations(procedures);
    expect(rest.length).to.be.greaterThan(10);
    for (const entry of rest) {
      const { method, path, operationId } = entry.openapi;
      expect(content, `${method} ${path}`).to.include(`\n### ${method} ${path}\n`);
      expect(content).to.include(`- URL: \`${service().config.baseUrl}${path}\``);
      expect(content).to.include(`- operationId: \`${operationId}\``);
    }
    expect(answer.sections.find((section) => section.id === 'rest-endpoints')!.count).to.equal(rest.length);
  });

  it('shows the request headers an endpoint requires in its example: UCP-Agent on the checkout operations', () => {
    const base = service().config.baseUrl;
    const agent = `-H 'UCP-Agent: profile="<your platform profile URL>"'`;
    expect(content).to.include(`curl -s -X POST '${base}/v1/agent/ucp/checkout-sessions' ${agent} -H 'Content-Type`);
    expect(content).to.include(`curl -s '${base}/v1/agent/ucp/checkout/{id}' ${agent}\n`);
    expect(content).to.include(`curl -s -X POST '${base}/v1/agent/ucp/checkout-sessions/{id}/cancel' ${agent}`);
    // An optional header (Idempotency-Key) is not in the example.
    expect(content).not.to.include(`-H 'Idempotency-Key`);
  });

  it('documents every MCP tool with the scopes tools/list publishes for it', () => {
    const catalogue = buildToolCatalogue(procedures);
    expect(catalogue.definitions).to.have.length(47);
    for (const tool of catalogue.definitions) {
      const [required] = tool._meta.required_scopes;
      const accepted = tool._meta.accepted_scopes.map((scope) => `\`${scope}\``).join(', ');
      expect(content, tool.name).to.include(
        `\n### ${tool.name}\n\n**${tool.title}** (${required === 'mcp:read' ? 'read' : 'write'}). ` +
          `Required scope: \`${required}\` (accepted: ${accepted}).`,
      );
      expect(content).to.include(`| \`${tool.name}\` | ${tool.title} | \`${required}\` |`);
    }
    expect(answer.sections.find((section) => section.id === 'mcp-tools')!.count).to.equal(47);
  });

  it('states the step-up rule: 403, insufficient_scope, MCP_WRITE_SCOPE_REQUIRED with required_scopes', () => {
    expect(content).to.include('error="insufficient_scope"');
    expect(content).to.include('"MCP_WRITE_SCOPE_REQUIRED", required_scopes, resource_metadata}');
    expect(content).to.include('- `mcp:write`: the write tools `create-customer`, `create-job`');
    expect(content).to.include('- `mcp:read`: 45 read tools');
  });

  it('documents every A2A skill with its id, an example data part and its phrasings', () => {
    const table = buildSkillTable(procedures);
    // The five the text router chooses from, and list-events (the caller's business events, data parts only).
    expect(table.skills).to.have.length(6);
    for (const skill of table.skills) {
      expect(content, skill.meta.id).to.include(`\n### ${skill.meta.id}\n`);
      expect(content).to.include(`{"skill":"${skill.meta.id}","arguments":`);
      for (const example of skill.meta.examples) expect(content).to.include(`- ${example}\n`);
    }
    // The example data part is valid input of the skill.
    const match = /\{"skill":"find-businesses","arguments":(\{[^\n]*\})\}/.exec(content);
    expect(match, 'the find-businesses data part').to.not.equal(null);
    expect(table.find('find-businesses')!.input.safeParse(JSON.parse(match![1]!)).success).to.equal(true);
  });

  it('lists the outbox events with what emits them and their payload', () => {
    expect(content).to.include('\n### customer.created\n');
    expect(content).to.include('- Emitted by: `create-customer`');
    expect(content).to.include('\n### job.created\n');
    expect(content).to.match(/- `data`: `\{ id: string, name: string, company_name: string \| null/);
  });

  it('quotes the limits from the schemas and the configuration', () => {
    const config = service().config;
    expect(content).to.include('| `GET /v1/directory/public` | `per_page` | 1 to 50 | 20 |');
    expect(content).to.include('| `GET /v1/government-opportunities/public/sitemap` | `per_page` | 1 to 1000 | 500 |');
    expect(content).to.include('| `MCP list-customers` | `limit` | 1 to 100 | 25 |');
    expect(content).to.include(
      `| \`gov\` | the government-opportunity endpoints, per client | ${config.rateLimits.government.points} | 60 s |`,
    );
    expect(content).to.include(`at most ${config.maxBodyBytes} bytes`);
    expect(content).to.include('1 to 128 visible ASCII characters');
    expect(content).to.include(`**A2A tasks** are kept ${AGENT_TASK_RETENTION_DAYS} days`);
    expect(content).to.include(`live ${config.oauthTokens.accessTokenTtlSeconds} seconds`);
    // The government list says which budget counts it; the health check is counted by none.
    expect(content).to.match(
      /### GET \/v1\/government-opportunities\/public\n[\s\S]*?- Rate limit: 120 per 60 seconds \(budget `gov`\)/,
    );
    expect(content).to.match(/### GET \/health\n[\s\S]*?- Rate limit: none of its own/);
  });

  it('quotes the budgets the running service enforces, not the defaults', async () => {
    const config: Config = {
      ...service().config,
      maxBodyBytes: 4321,
      rateLimits: { ...service().config.rateLimits, government: { points: 77, windowSeconds: 60 } },
    };
    const adjusted = await fetchReference(composedServices(procedures, config), config);
    expect(adjusted.content).to.include('| `gov` | the government-opportunity endpoints, per client | 77 | 60 s |');
    expect(adjusted.content).to.include('at most 4321 bytes');
    expect(adjusted.revision).to.not.equal(answer.revision);
  });

  it('is deterministic: the same revision twice, across two builds, and built once per process', async () => {
    const services = composedServices(procedures);
    const urls = { site: service().config.siteUrl, base: service().config.baseUrl };
    expect(services.agentReference!(urls)).to.equal(services.agentReference!(urls));
    const again = await fetchReference(services);
    expect(again).to.deep.equal(answer);
    const rebuilt = await fetchReference(composedServices(listProcedures(appRouter)));
    expect(rebuilt.revision).to.equal(answer.revision);
    expect(rebuilt.content).to.equal(content);
  });

  it('writes every URL absolute for this deployment, with no {site_url} or {base_url} left', () => {
    const site = service().config.siteUrl;
    expect(content).to.not.match(/\{(site|base)_url\}/);
    expect(content).to.not.match(/\]\(\//);
    const urls = content.match(/https?:\/\/[^\s`'"()<>\]]+/g) ?? [];
    expect(urls.length).to.be.greaterThan(50);
    for (const url of urls) {
      const documented =
        url.startsWith(`${site}/`) ||
        url === site ||
        // The loopback redirect URIs OAuth registration accepts (a template, not a link) and RFC 2606 examples.
        /^http:\/\/(?:127\.0\.0\.1|localhost):$/.test(url) ||
        /^https:\/\/example\.com\//.test(url);
      expect(documented, url).to.equal(true);
    }
  });

  it('shows no internal procedure and no secret', () => {
    const internal = procedures.filter((entry) => !entry.meta?.openapi && !entry.meta?.tool && !entry.meta?.skill);
    expect(internal.map((entry) => entry.path)).to.include.members([
      'accounts.createApiToken',
      'protocols.x402.purchasePaidReference',
    ]);
    for (const entry of internal) expect(content, entry.path).to.not.include(entry.path);
    expect(content).to.not.include('fsa_ws_');
    expect(content).to.not.include('whsec_');
    expect(content).to.not.match(/postgres(ql)?:\/\//);
    expect(content).to.not.include(service().config.oauthTokens.keyEncryptionKeyFile);
  });
});

describe('the agent reference of the router the app serves', () => {
  it('documents a public endpoint a router adds, and never a system procedure or one without meta', async () => {
    const { content, sections } = await fetchReference(composedServices(listProcedures(referenceTestRouter)));
    const base = service().config.baseUrl;
    expect(content).to.include('\n### GET /v1/test/widgets\n');
    expect(content).to.include(`Widgets of ${base}, for the reference test.`);
    expect(content).to.include('| `per_page` | query | integer | no | 1 to 7 | `3` |');
    expect(content).to.include(`curl -s '${base}/v1/test/widgets?per_page=3'`);
    expect(content).to.not.include('purge-widgets-secretly');
    expect(content).to.not.include('test-purge');
    expect(content).to.not.include('countWidgetsInternally');
    const rest = restOperations(listProcedures(appRouter)).length;
    expect(sections.find((section) => section.id === 'rest-endpoints')!.count).to.equal(rest + 1);
  });

  it('answers INTERNAL_ERROR where no app composed it (a script caller), rather than an empty reference', async () => {
    const bare = createCoreServices(service().database, service().config);
    let failure: unknown;
    try {
      await fetchReference(bare);
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).to.match(/not composed in this process/);
  });
});
