import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZPayment } from './payment.schema.ts';

export const ZGetPaymentInput = z.object({ payment_id: ZId });
export const ZGetPaymentOutput = ZPayment;
