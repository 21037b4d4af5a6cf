import type { SiteUrls } from '../../context.ts';
import {
  deprecationHeaders,
  deprecationHeaderValue,
  MINIMUM_NOTICE_MONTHS,
  sunsetHeaderValue,
} from '../../deprecation.ts';
import { API_VERSION } from '../../version.ts';
import { discoveryUrls } from './urls.ts';

/**
 * The day this policy last changed. Bump it with any change of the text below (a new changelog
 * entry included), so that a reader who kept a copy can tell.
 */
const POLICY_REVISION = '2026-11-29';

/** The changelog: every deprecation and every version change is announced here too (newest first). */
const CHANGELOG = [
  {
    date: '2026-11-29',
    api_version: '1.0.0',
    changes: [
      "The UCP profile names its x402 payment handler in this service's own namespace ({site host reversed}.x402, instead of org.x402.exact, which no one registered) with its schema at GET /v1/agent/ucp/payment-handlers/x402; /.well-known/acp.json answers 404 ACP_NOT_SUPPORTED (ACP is not implemented; checkout is UCP); the discovery index lists the x402 extensions and the UCP checkout operations.",
      'Added the webhook events payment.settled, payment.failed and checkout.completed, sent to the business SELLER_EVENTS_BUSINESS_ID names.',
    ],
  },
  {
    date: '2026-11-26',
    api_version: '1.0.0',
    changes: [
      'Published the agent discovery index (GET /v1/agent) and this versioning and deprecation policy (GET /v1/versioning-policy).',
      'Added the A2A agent (card at GET /v1/agent/a2a and /.well-known/agent-card.json; JSON-RPC at POST /v1/agent/a2a, A2A 1.0 and 0.3) with the skills find-businesses, find-government-opportunities, find-blog-posts, read-blog-post and explain-paid-reference.',
      'Added the paid reference (GET /v1/agent/paid-reference, 1 USD over x402 v2) and its terms (GET /v1/agent/paid-reference/terms), and the Idempotency-Key header on POST /v1/agent/a2a.',
      'Served MCP revision 2026-07-28 (stateless: server/discover, tools/list and tools/call without initialize) beside 2025-11-25, 2025-06-18 and 2025-03-26 on the same MCP endpoint, with the same tools, catalogue hash and scopes.',
      'Added UCP 2026-08-25: the business profile (GET /v1/agent/ucp and /.well-known/ucp) and checkout sessions for the paid reference (POST /v1/agent/ucp/checkout with Idempotency-Key, GET /v1/agent/ucp/checkout/{id}, and the same at /checkout-sessions), and the ACP 2026-04-17 discovery document (/.well-known/acp.json).',
    ],
  },
];

/** The deprecation the header examples are computed from (with the same code the REST adapter runs). */
const EXAMPLE = { since: '2026-12-01', sunset: '2027-06-01', replacement: '/v2/directory/public' };

/**
 * The REST versioning and deprecation policy (spec 9.4), as the JSON document served at
 * {base_url}/v1/versioning-policy. Its rules are the code's: the notice period is the one
 * `deprecated()` enforces (MINIMUM_NOTICE_MONTHS), and the header examples come from
 * deprecationHeaders(), what the REST adapter sends.
 */
export function versioningPolicy(urls: SiteUrls) {
  const links = discoveryUrls(urls);
  const exampleLink = deprecationHeaders(EXAMPLE, urls).Link;
  return {
    title: 'REST versioning and deprecation policy',
    url: links.versioningPolicy,
    revision: POLICY_REVISION,
    api_version: API_VERSION,
    summary:
      `Every public resource is under a major-version path (/v1). Within /v1 nothing changes incompatibly; a field ` +
      `or endpoint leaves only through deprecation, announced in response headers, the OpenAPI document and the ` +
      `changelog, and kept working at least ${MINIMUM_NOTICE_MONTHS} months and until its announced sunset. ` +
      'Incompatible changes come in a new major path (/v2) served beside /v1.',
    current_version: { major: 1, path_prefix: '/v1', base_url: `${urls.base}/v1` },
    promises: [
      'No field of a response is removed or renamed, and no field changes its type or meaning, except through the deprecation process below.',
      'No endpoint is removed or moved, and no operationId is renamed, except through the deprecation process below.',
      'No new required input: no new required parameter, header or body field, and no narrower limit on an existing one.',
      'Error codes (ErrorMessage.code) keep their meaning and HTTP status.',
      'Absolute URLs in answers keep their form ({site_url}/api/...).',
    ],
    compatible_changes: [
      'New endpoints, and new links and protocols in the discovery index.',
      'New optional query parameters, headers and body fields.',
      'New fields in responses, including new members of nested objects.',
      'New values of enumerations, in responses and in inputs.',
      'New error codes for new situations; new response headers.',
      'New A2A skills and MCP tools, and new optional arguments of existing ones.',
      'Texts meant for people or agents (descriptions, messages, resolutions, summaries) may be reworded.',
    ],
    client_expectations: [
      'Ignore fields you do not know, in every JSON answer.',
      'Treat an enumeration value you do not know as "other", never as an error.',
      'Do not rely on the order of object keys or on the exact wording of messages; branch on ErrorMessage.code.',
      'Follow links (the discovery index, links and next_cursor fields) rather than building URLs yourself.',
      'Watch for the Deprecation and Sunset headers and the OpenAPI deprecated flag; plan a move before the sunset.',
    ],
    breaking_changes:
      'An incompatible change (a field removed, renamed or retyped, a new required input, a changed meaning) is made ' +
      'only in a new major version under its own path (/v2), served beside /v1. The /v1 operations it replaces are ' +
      'deprecated when /v2 is published, and /v1 keeps working for the whole deprecation period below.',
    deprecation: {
      minimum_notice_months: MINIMUM_NOTICE_MONTHS,
      rules: [
        `A deprecated field or endpoint keeps working, unchanged, at least ${MINIMUM_NOTICE_MONTHS} months after its ` +
          'Deprecation date and in any case until its Sunset date (the Sunset date is never sooner than that).',
        'After its Sunset date an endpoint may be removed (it then answers 404 ROUTE_NOT_FOUND) and a field may be left out.',
        'A deprecated endpoint names its replacement when there is one (Link rel="successor-version" and its OpenAPI description).',
        'A deprecated field is marked `deprecated: true` on its schema (the OpenAPI document, the MCP tool schemas) and its description states the dates; the Deprecation and Sunset headers announce deprecated endpoints only.',
      ],
      headers: [
        {
          name: 'Deprecation',
          standard: 'RFC 9745',
          format: '@<Unix seconds>: a structured-field date, the start (UTC) of the day the operation was deprecated',
          example: deprecationHeaderValue(EXAMPLE.since),
        },
        {
          name: 'Sunset',
          standard: 'RFC 8594',
          format: 'HTTP-date (IMF-fixdate): the start (UTC) of the day after which the operation may stop working',
          example: sunsetHeaderValue(EXAMPLE.sunset),
        },
        {
          name: 'Link',
          standard: 'RFC 8288, RFC 9745 section 3',
          format: '<this policy>; rel="deprecation", and <the replacement>; rel="successor-version" when there is one',
          example: exampleLink,
        },
      ],
      headers_apply_to:
        'Every answer of a deprecated operation, successes and errors alike, from its Deprecation date until it is removed.',
      other_announcements: [
        'The OpenAPI document marks the operation `deprecated: true` and its description states the dates and the replacement.',
        'An entry in the changelog below.',
        'The discovery index keeps listing a deprecated document or endpoint until its sunset.',
      ],
    },
    version_identifiers: [
      {
        surface: 'REST',
        where: `GET ${links.health} -> version; ${links.openapi} -> info.version; ${links.index} -> api_version`,
        rule:
          'The API version, a semantic version whose major is the path version (/v1 -> 1.x.y): the minor rises ' +
          'with compatible additions, the patch with fixes that change no contract. All three report the same value.',
      },
      {
        surface: 'MCP',
        where:
          'tools/list result -> _meta.catalogue_revision and _meta.catalogue_hash (initialize and server/discover repeat both); ' +
          'the MCP revisions served in the server/discover result (supportedVersions) and in the discovery index',
        rule:
          'catalogue_hash is "sha256:" and the hex SHA-256 of the canonical JSON of every tool definition (name, ' +
          'title, description, input and output schema, annotations, scopes), sorted by name: the same on every ' +
          'instance and restart, and different as soon as any tool contract changes. catalogue_revision is a date ' +
          '(YYYY-MM-DD), set to the day of the change whenever the hash changes. A client that cached the tools ' +
          'refreshes them with tools/list (or a new session) when either differs from what it cached. A tool is ' +
          `removed or changed incompatibly only after ${MINIMUM_NOTICE_MONTHS} months of notice in its description and the changelog. ` +
          'Both eras of MCP are served on the one endpoint (2026-07-28 without initialize; 2025-11-25, 2025-06-18 and ' +
          '2025-03-26 with it), with the same tools; a revision is dropped only with the same notice.',
      },
      {
        surface: 'A2A',
        where: `${links.a2a} -> version (the agent card); protocol versions in supportedInterfaces and protocolVersion`,
        rule:
          "The card's version is the API version above. Skills may be added, and a skill may gain optional " +
          'arguments, at any time; a skill is removed or changed incompatibly only through the deprecation process ' +
          "(its description says so). The protocol versions spoken are listed in the card's supportedInterfaces " +
          'and in the discovery index; one is dropped only with the same notice.',
      },
    ],
    changelog: CHANGELOG,
  };
}
