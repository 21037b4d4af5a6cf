import { z } from 'zod';

export const ZGetHealthInput = z.void();

export const ZGetHealthOutput = z
  .object({
    status: z.literal('ok').describe('Always "ok" on a 200; an unhealthy service answers 503 with an ErrorMessage.'),
    version: z.string().describe('The API version string (semantic version).'),
    database: z.object({
      status: z.literal('ok'),
      round_trip_ms: z.number().describe('Time of one query round trip to the database, in milliseconds.'),
    }),
  })
  .meta({ id: 'Health' });
