import type { SiteUrls } from '../../core/context.ts';
import { AGENT_TASK_RETENTION_DAYS } from '../../core/services/agent-tasks/retention.ts';
import { API_VERSION } from '../../core/version.ts';
import { cardSecurity } from './card-security.ts';
import type { SkillTable } from './skills.ts';

/** The JSON-RPC endpoint under {base_url}; its URL is also where the card is served. */
export const A2A_ENDPOINT_PATH = '/v1/agent/a2a';

const MODES = ['application/json', 'text/plain'];

/** How every skill is called, said once in the card's description and once per skill. */
const HOW_TO_CALL =
  'Call a skill with a message holding a data part {"skill": "<skill id>", "arguments": {...}}; the arguments are ' +
  "the query parameters of the REST endpoint the skill's description names (same names, same limits). A text part " +
  'alone is routed to a skill by fixed rules; when it cannot tell which skill or arguments are meant, the task ends ' +
  'input-required saying what is missing (answer it with the same taskId).';

/**
 * The agent card (A2A 1.0 and 0.3 at once), generated from the skill table: 1.0 clients read
 * `supportedInterfaces` (one JSON-RPC interface per version, same URL); 0.3 clients read
 * `protocolVersion`, `url` and `preferredTransport`. Every skill's description is its meta's plus
 * how to call it. The card is built once, when the app is composed.
 */
export function buildAgentCard(
  table: SkillTable,
  urls: SiteUrls,
  audience: 'public' | 'authenticated' = 'public',
): Record<string, unknown> {
  const endpoint = `${urls.base}${A2A_ENDPOINT_PATH}`;
  return {
    name: 'Field Service Public Agent',
    description:
      'Answers from the public data of the field-service platform: the directory of field-service businesses, open ' +
      'US government contract opportunities, the blog, and the paid reference. ' +
      HOW_TO_CALL +
      ' Each completed task carries one artifact with a data part (exactly the JSON the REST endpoint answers, ' +
      'absolute URLs included) and a text part summarising it. A domain error (not found, rate limited) ends the task ' +
      'failed with the ErrorMessage in its status message. Tasks are kept ' +
      `${AGENT_TASK_RETENTION_DAYS} days after their last message and read with tasks/get (GetTask); a task id is ` +
      'the only key to its task, so keep it private. No credentials are needed; an OAuth access token of this ' +
      'service for this endpoint (scope a2a:tasks, see securitySchemes) makes your tasks private to your grant.',
    version: API_VERSION,
    provider: { organization: 'Field Service API', url: urls.site },
    documentationUrl: `${urls.base}/docs`,
    capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: true },
    ...cardSecurity(urls),
    defaultInputModes: MODES,
    defaultOutputModes: MODES,
    skills: table.skills
      .filter(({ meta }) => audience === 'authenticated' || meta.authenticatedOnly !== true)
      .map(({ meta }) => ({
        id: meta.id,
        name: meta.name,
        description: `${meta.description} Call it with a data part {"skill": "${meta.id}", "arguments": {...}}.`,
        tags: meta.tags,
        examples: meta.examples,
        inputModes: MODES,
        outputModes: MODES,
      })),
    supportedInterfaces: [
      { url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    protocolVersion: '0.3.0',
    url: endpoint,
    preferredTransport: 'JSONRPC',
    supportsAuthenticatedExtendedCard: true,
  };
}

/** What the extended card adds to the public card's description: what an authenticated caller gets. */
const AUTHENTICATED =
  ' Authenticated (this card is answered to an access token with a2a:tasks): every task you create belongs to your ' +
  "grant. Only your grant's tokens read it, continue it with taskId, and, where this agent offers them, list, " +
  'cancel or subscribe to it and register push notification configs for it; anonymous callers and other grants ' +
  'get "task not found" (-32001) for it, even knowing its id. Listing without naming a contextId lists your ' +
  "grant's tasks. The same skills, budget and retention apply, and the skills for your grant's business " +
  '(list-events: its events, in commit order).';

/**
 * The authenticated extended card (GetExtendedAgentCard, agent/getAuthenticatedExtendedCard): the
 * public card, its description saying what a caller with an A2A access token gets. Built here, beside
 * the public card, from the same skill table; core decides who may read it.
 */
export function buildExtendedAgentCard(table: SkillTable, urls: SiteUrls): Record<string, unknown> {
  const card = buildAgentCard(table, urls, 'authenticated');
  return { ...card, description: `${String(card.description)}${AUTHENTICATED}` };
}
