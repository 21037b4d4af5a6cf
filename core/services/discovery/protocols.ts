/** One extension of a protocol, as the discovery index lists it. */
interface ProtocolExtension {
  id: string;
  specification: string;
}

/** One protocol the service speaks, as the discovery index lists it (ZDiscoveryProtocol describes each field). */
export interface SpokenProtocol {
  id: string;
  name: string;
  versions: string[];
  specification: string;
  available: boolean;
  extensions?: ProtocolExtension[];
  operations?: string[];
}

/** The x402 extensions the paid reference's 402 declares, each with its specification (coinbase/x402 specs/extensions). */
const X402_EXTENSIONS: readonly ProtocolExtension[] = [
  { id: 'bazaar', file: 'bazaar.md' },
  { id: 'payment-identifier', file: 'payment_identifier.md' },
  { id: 'sign-in-with-x', file: 'sign-in-with-x.md' },
].map(({ id, file }) => ({ id, specification: `https://github.com/coinbase/x402/blob/main/specs/extensions/${file}` }));

/** The UCP checkout operations served (UCP 2026-08-25 REST binding, under the profile's endpoint). */
const UCP_CHECKOUT_OPERATIONS: readonly string[] = [
  'create: POST {endpoint}/checkout-sessions (or {endpoint}/checkout)',
  'get: GET {endpoint}/checkout-sessions/{id} (or {endpoint}/checkout/{id})',
  'update: PUT {endpoint}/checkout-sessions/{id} (or {endpoint}/checkout/{id})',
  'complete: POST {endpoint}/checkout-sessions/{id}/complete',
  'cancel: POST {endpoint}/checkout-sessions/{id}/cancel',
];

/**
 * The MCP revisions the MCP resource accepts, newest first: the stateless 2026-07-28 (no initialize)
 * and the initialize era beside it, on the same URL. The adapter owns the negotiation
 * (adapters/mcp/protocol-version.ts, which core may not import); test/discovery/index.test.ts holds
 * this list equal to its SUPPORTED_PROTOCOL_VERSIONS.
 */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'];

/**
 * The A2A versions of the JSON-RPC endpoint (the `A2A-Version` header chooses; none means 0.3).
 * The A2A adapter and its card must say the same.
 */
const A2A_PROTOCOL_VERSIONS: readonly string[] = ['1.0', '0.3'];

/**
 * What the index lists under `protocols`, each `id` the `protocol` of its links: exactly what is
 * served. x402 (the paid reference, with its extensions) is available when payments are configured;
 * ACP is listed unavailable, since its discovery document answers 404 (core/services/ucp/acp.ts).
 */
export function spokenProtocols(facts: { paymentsConfigured: boolean }): SpokenProtocol[] {
  return [
    {
      id: 'a2a',
      name: 'Agent2Agent (A2A), JSON-RPC binding',
      versions: [...A2A_PROTOCOL_VERSIONS],
      specification: 'https://a2a-protocol.org/latest/specification/',
      available: true,
    },
    {
      id: 'mcp',
      name: 'Model Context Protocol, Streamable HTTP (2026-07-28 stateless, and 2025-11-25 and earlier with initialize)',
      versions: [...MCP_PROTOCOL_VERSIONS],
      specification: 'https://modelcontextprotocol.io/specification/2025-11-25',
      available: true,
    },
    {
      id: 'oauth2',
      name: 'OAuth 2.0 (RFC 6749) with PKCE (RFC 7636), metadata (RFC 8414, RFC 9728), registration (RFC 7591), resource indicators (RFC 8707), JWT access tokens (RFC 9068), revocation (RFC 7009)',
      versions: ['2.0'],
      specification: 'https://www.rfc-editor.org/rfc/rfc6749',
      available: true,
    },
    {
      id: 'openapi',
      name: 'OpenAPI',
      versions: ['3.1.0'],
      specification: 'https://spec.openapis.org/oas/v3.1.0',
      available: true,
    },
    {
      id: 'rest',
      name: 'REST over HTTP, JSON; errors as ErrorMessage {code, message, resolution, status}',
      versions: ['v1'],
      specification: 'https://www.rfc-editor.org/rfc/rfc9110',
      available: true,
    },
    {
      id: 'ucp',
      name: 'Universal Commerce Protocol (UCP), shopping service over REST: checkout, paid through an x402 payment handler',
      versions: ['2026-08-25'],
      specification: 'https://ucp.dev/2026-08-25/specification/overview',
      available: true,
      operations: [...UCP_CHECKOUT_OPERATIONS],
    },
    {
      id: 'acp',
      name: 'Agentic Commerce Protocol (ACP): not implemented here (its discovery document answers 404); checkout is UCP',
      versions: [],
      specification: 'https://agenticcommerce.dev/',
      available: false,
    },
    {
      id: 'x402',
      name: 'x402 (HTTP 402 payments), scheme exact, with the extensions listed',
      versions: ['2'],
      specification: 'https://www.x402.org/',
      available: facts.paymentsConfigured,
      extensions: X402_EXTENSIONS.map((extension) => ({ ...extension })),
    },
  ];
}
