import { z } from 'zod';
import { ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { ZEquipment, ZProperty } from './property.schema.ts';

export const ZGetPropertyInput = z.object({ property_id: ZId });

export const ZGetPropertyOutput = ZProperty.extend({
  equipment: z.array(ZEquipment),
  job_history: z.object({
    jobs_by_status: z.record(z.string(), z.number().int()).describe('Jobs at this property per status.'),
    last_completed_job: z.object({ id: z.uuid(), number: z.number().int(), title: z.string(), completed_at: ZDateTime }).nullable(),
    next_visit_start: ZDateTime.nullable().describe('Start of the next scheduled visit here, if any.'),
  }),
});
