import { z } from 'zod';
import { jobStatuses } from '../../../../orm/entities/field-service/job.ts';
import { ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZEquipment, ZProperty } from './property.schema.ts';

/** At most this many equipment items are embedded; list-property-equipment pages through all of them. */
export const EMBEDDED_EQUIPMENT_LIMIT = 100;

export const ZGetPropertyInput = z.object({
  property_id: ZId.describe('A property id (list-properties, get-customer).'),
});

const ZJobsByStatus = z
  .object(
    Object.fromEntries(jobStatuses.map((status) => [status, z.number().int().min(0)])) as Record<
      (typeof jobStatuses)[number],
      z.ZodNumber
    >,
  )
  .describe('Number of jobs at this property in each status; every status is present, 0 when none.');

export const ZGetPropertyOutput = ZProperty.extend({
  equipment: z
    .array(ZEquipment)
    .describe(`Equipment installed here by type, at most ${EMBEDDED_EQUIPMENT_LIMIT} items (see equipment_count).`),
  equipment_count: z
    .number()
    .int()
    .min(0)
    .describe('All equipment at the property; when larger than the equipment list, page with list-property-equipment.'),
  job_history: z.object({
    job_count: z.number().int().min(0).describe('All jobs at this property, whatever their status.'),
    jobs_by_status: ZJobsByStatus,
    last_completed_job: z
      .object({ id: z.uuid(), number: z.number().int(), title: z.string(), completed_at: ZDateTime })
      .nullable()
      .describe('The completed job with the latest completion instant (get-job); null when none.'),
    next_scheduled_visit: z
      .object({
        id: z.uuid(),
        job_id: z.uuid(),
        job_number: z.number().int(),
        scheduled_start: ZDateTime,
        scheduled_end: ZDateTime,
      })
      .nullable()
      .describe(
        'The earliest visit in status scheduled that starts now or later, of a job here that is not cancelled (get-visit); null when none.',
      ),
  }),
});
