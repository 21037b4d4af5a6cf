import { router } from '../../trpc.ts';
import { triggerSampleEvent } from './trigger-sample-event.ts';

/** Sample events for developers (the admin command's `trigger`), system only. */
export const sampleEventsRouter = router({
  trigger: triggerSampleEvent,
});
