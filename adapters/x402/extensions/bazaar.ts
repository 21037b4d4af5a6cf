import { declareDiscoveryExtension } from '@x402/extensions/bazaar';

/** The answer's JSON Schema: what a catalogue shows a buyer before it pays. */
const OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    resource: { type: 'string', description: 'The absolute URL the reference was bought at.' },
    content: { type: 'string', description: 'The agent reference, as Markdown.' },
    protocol: { type: 'string', const: 'x402' },
  },
  required: ['resource', 'content', 'protocol'],
  additionalProperties: false,
};

/**
 * The paid reference's `bazaar` declaration (x402 discovery: facilitators and catalogues list the
 * resource from it): a GET with no input, and its JSON output with a schema and an example. The
 * handoff's `?checkout_session=` is not declared: it belongs to a UCP checkout, which hands out its
 * own URL; a catalogue's buyer GETs the plain one. The method is filled in per request by the
 * SDK's bazaar server extension (registered beside it in resource-server.ts).
 */
export function bazaarDeclaration(): Record<string, unknown> {
  return declareDiscoveryExtension({
    output: {
      example: {
        resource: 'https://example.com/api/v1/agent/paid-reference',
        content: '# Field service platform: agent reference\n\n...',
        protocol: 'x402',
      },
      schema: OUTPUT_SCHEMA,
    },
  });
}
