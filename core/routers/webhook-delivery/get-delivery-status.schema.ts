import { z } from 'zod';
import { ZDeliveryStatus } from './record-delivery-attempt.schema.ts';

export const ZGetDeliveryStatusInput = z.object({ delivery_id: z.uuid() });

export const ZGetDeliveryStatusOutput = z.object({ delivery: ZDeliveryStatus.nullable() });
