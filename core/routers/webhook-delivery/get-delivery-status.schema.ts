import { z } from 'zod';
import { ZDeliveryStatus } from './record-delivery-attempts.schema.ts';

export const ZGetDeliveryStatusInput = z.object({ delivery_id: z.uuid() });

export const ZGetDeliveryStatusOutput = z.object({ delivery: ZDeliveryStatus.nullable() });
