import { z } from 'zod';
import { ZUcpPaymentHandlers } from './ucp-metadata.schema.ts';

/** No arguments. */
export const ZGetProfileInput = z.void();

const ZVersioned = z.object({
  version: z.string().describe('YYYY-MM-DD.'),
  spec: z.string().describe('Absolute URL of the human-readable specification.'),
  schema: z.string().describe('Absolute URL of the JSON Schema (capabilities) or OpenAPI binding (services).'),
});

export const ZUcpProfile = z
  .object({
    ucp: z.object({
      version: z.literal('2026-08-25'),
      supported_versions: z.array(z.string()),
      services: z.object({
        'dev.ucp.shopping': z.array(
          ZVersioned.extend({
            transport: z.literal('rest'),
            endpoint: z
              .string()
              .describe(
                'Absolute URL: {base_url}/v1/agent/ucp. Checkout sessions are created at {endpoint}/checkout and read ' +
                  'at {endpoint}/checkout/{id}.',
              ),
          }),
        ),
      }),
      capabilities: z.object({ 'dev.ucp.shopping.checkout': z.array(ZVersioned) }),
      payment_handlers: ZUcpPaymentHandlers,
    }),
  })
  .meta({ id: 'UcpProfile' });
