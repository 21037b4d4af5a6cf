import { z } from 'zod';

/** No arguments. */
export const ZGetAcpDiscoveryInput = z.void();

export const ZAcpDiscovery = z
  .object({
    protocol: z.object({
      name: z.literal('acp'),
      version: z.literal('2026-04-17'),
      supported_versions: z.array(z.string()),
      documentation_url: z.string().describe('Absolute URL of the API reference.'),
    }),
    api_base_url: z.string().describe('Absolute URL: {base_url}/v1/agent.'),
    transports: z.array(z.literal('rest')),
    capabilities: z.object({
      services: z.array(z.string()).describe('`checkout`.'),
      supported_currencies: z.array(z.string()).describe('ISO 4217, lower case: `usd`.'),
    }),
  })
  .meta({ id: 'AcpDiscovery' });
