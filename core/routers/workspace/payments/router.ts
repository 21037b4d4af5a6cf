import { router } from '../../../trpc.ts';
import { getPayment } from './get-payment.ts';
import { listPayments } from './list-payments.ts';
import { recordPayment } from './record-payment.ts';

export const paymentsRouter = router({ listPayments, getPayment, recordPayment });
