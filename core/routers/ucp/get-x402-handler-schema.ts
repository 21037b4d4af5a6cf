import { cachePublicly } from '../../response-meta.ts';
import { x402HandlerSchema } from '../../services/ucp/x402-handler-schema.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetX402HandlerSchemaInput, ZX402HandlerSchema } from './get-x402-handler-schema.schema.ts';

/** The schema changes only with a deployment, like the ACP and UCP documents. */
const SCHEMA_MAX_AGE_SECONDS = 3600;

/**
 * The `schema` of the profile's x402 payment handler: a JSON Schema of its `config`, served here so
 * that the handler's name (this host reversed) is bound to this service as UCP requires of a schema URL.
 */
export const getX402HandlerSchema = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'agent-ucpX402HandlerSchema',
      path: '/v1/agent/ucp/payment-handlers/x402',
      tags: ['Agent'],
      summary: "UCP x402 payment handler's schema",
      description:
        "The JSON Schema (draft 2020-12) of the `config` of the UCP profile's x402 payment handler, and how the handler " +
        "is used (pay the session's handoff URL over HTTP 402 with x402 version 2, scheme `exact`). The handler is named " +
        "in this service's namespace (`{namespace}.x402`); it is not registered by UCP or x402. Cached publicly for an hour.",
      successDescription: 'The JSON Schema.',
    },
  })
  .input(ZGetX402HandlerSchemaInput)
  .output(ZX402HandlerSchema)
  .query(({ ctx }) => {
    cachePublicly(ctx, SCHEMA_MAX_AGE_SECONDS);
    return x402HandlerSchema(ctx.urls);
  });
