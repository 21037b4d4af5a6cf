import { z } from 'zod';
import { ZFeedEvent } from './event-envelope.schema.ts';

export const ZGetEventInput = z.object({ id: z.uuid().describe('The event id (the webhook-id of its deliveries).') });

export const ZGetEventOutput = ZFeedEvent;
