import { z } from 'zod';

/** No arguments. */
export const ZGetX402HandlerSchemaInput = z.void();

export const ZX402HandlerSchema = z
  .looseObject({
    $schema: z.string().describe('The JSON Schema dialect: draft 2020-12.'),
    $id: z.string().describe('Absolute URL: this document, {base_url}/v1/agent/ucp/payment-handlers/x402.'),
    title: z.string(),
    description: z.string().describe('How the handler is used: paying the handoff URL with x402 version 2.'),
    type: z.literal('object'),
    required: z.array(z.string()),
    properties: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'UcpX402HandlerSchema' });
