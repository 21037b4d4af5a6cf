/**
 * What an agent reads first in the discovery index: what the service is, and the ways in, each
 * naming the links (by id) it follows. Kept to facts the links themselves bear out.
 */
export const SERVICE_NAME = 'Field Service API';

export const SERVICE_DESCRIPTION =
  'The public and agent-facing API of a field-service platform. Without any credential: a directory of local ' +
  'service businesses (search by industry, metro, postal code, rating), open US government contract opportunities ' +
  '(keyword, state, NAICS, set-aside), and a blog in English and Spanish. With the consent of a user of the ' +
  "platform: that user's business (customers, jobs, schedule, estimates, invoices, reports) through MCP tools. " +
  'Every URL below is absolute; every error is an ErrorMessage {code, message, resolution, status}.';

export const HOW_TO_START: readonly string[] = [
  'As an A2A agent: read the agent card (a2a-agent-card) for the skills and examples, then POST message/send ' +
    '(A2A 0.3) or SendMessage with the header A2A-Version: 1.0 to a2a-endpoint. No credential is needed.',
  'As a REST client: read the OpenAPI document (openapi; for people, api-docs). The public endpoints need no credential.',
  "To work in a user's business: connect an MCP client to mcp-endpoint. Its first answer is 401 with a " +
    'WWW-Authenticate link to oauth-protected-resource; from there the client finds oauth-authorization-server, ' +
    "registers itself (oauth-registration), runs the authorization code flow with PKCE and the user's consent, " +
    'and calls the tools with the bearer token.',
  'To buy a paid reference: read its terms (paid-reference-terms) first.',
  'Before relying on a field, read the versioning policy (versioning-policy): what /v1 promises and how ' +
    'deprecations are announced.',
];
