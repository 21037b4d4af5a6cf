import { pingDatabase } from '../../services/health/ping-database.ts';
import { publicProcedure } from '../../trpc.ts';
import { API_VERSION } from '../../version.ts';
import { ZGetHealthInput, ZGetHealthOutput } from './get-health.schema.ts';

export const getHealth = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'health-get',
      path: '/health',
      tags: ['Health'],
      summary: 'Service health',
      description:
        'Answers 200 when the service and its database are working, with the API version. ' +
        'Answers 503 with an ErrorMessage (code DATABASE_UNAVAILABLE) when the database cannot be reached. Not cached.',
      successDescription: 'The service and its database are working.',
      errorResponses: {
        503: 'The database cannot be reached (code DATABASE_UNAVAILABLE); retry after Retry-After seconds.',
      },
    },
  })
  .input(ZGetHealthInput)
  .output(ZGetHealthOutput)
  .query(async ({ ctx }) => {
    const roundTripMs = await pingDatabase(ctx.em);
    ctx.response.headers['Cache-Control'] = 'no-store';
    return {
      status: 'ok' as const,
      version: API_VERSION,
      database: { status: 'ok' as const, round_trip_ms: roundTripMs },
    };
  });
