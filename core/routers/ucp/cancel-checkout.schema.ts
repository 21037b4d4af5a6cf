import { z } from 'zod';
import { ZSessionId } from './session-operation.schema.ts';

/** UCP Cancel Checkout: the body is `{}` (UCP's example); any member is refused (400 naming it). */
export const ZCancelCheckoutInput = z.object({ id: ZSessionId });
