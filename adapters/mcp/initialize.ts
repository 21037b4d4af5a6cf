import { API_VERSION } from '../../core/version.ts';
import type { ToolCatalogue } from './catalogue.ts';
import { negotiateProtocolVersion } from './protocol-version.ts';

/** What an agent reads first (initialize, server/discover): what the service is for, how to use the tools, what the limits are. */
export const instructions = [
  'Field Service MCP: the customers, jobs, schedule and money of one field-service business (HVAC, plumbing, electrical and similar trades),',
  'the business that the user who authorized this connection works for. Every tool reads or writes that business only.',
  'Start with get-business-profile (name, time zone, currency). Find people with search-customers, then get-customer or get-customer-activity;',
  'work with list-jobs/get-job, the schedule with get-schedule and find-available-slots, money with list-unpaid-invoices, list-payments and get-revenue-summary.',
  'Lists page with cursor and limit (1 to 100, default 25): pass next_cursor back as cursor. Money is in integer minor units with a currency;',
  'instants are ISO 8601 UTC, dates and report periods are in the business time zone.',
  'Two tools write: create-customer (scope mcp:customers:write) and create-job (scope mcp:jobs:write); search before creating to avoid duplicates.',
  'A write without its scope answers HTTP 403 insufficient_scope: ask the user to authorize the extra scope, then retry once.',
].join(' ');

/** Who we are: `serverInfo` of initialize, `_meta["io.modelcontextprotocol/serverInfo"]` of 2026-07-28 results. */
export const serverInfo = { name: 'field-service-api', title: 'Field Service', version: API_VERSION };

/**
 * The `initialize` result: the negotiated revision, tools without change notifications (the catalogue
 * only changes with a deployment), who we are, and instructions for the agent. The catalogue's
 * revision and hash ride along in `_meta`, so a client can tell whether its cached tools are current.
 */
export function initializeResult(requestedVersion: string, catalogue: ToolCatalogue): Record<string, unknown> {
  return {
    protocolVersion: negotiateProtocolVersion(requestedVersion),
    capabilities: { tools: { listChanged: false } },
    serverInfo,
    instructions,
    _meta: catalogueMeta(catalogue),
  };
}

/** The catalogue's revision and hash, as published in `_meta`. */
export function catalogueMeta(catalogue: ToolCatalogue): Record<string, string> {
  return { catalogue_revision: catalogue.revision, catalogue_hash: catalogue.hash };
}
