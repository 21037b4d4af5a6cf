import { loadPayment } from '../../../services/workspace/payments/payment-detail.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetPaymentInput, ZGetPaymentOutput } from './get-payment.schema.ts';

export const getPayment = tenantProcedure
  .meta({
    tool: {
      name: 'get-payment',
      title: 'Get payment',
      access: 'read',
      toolset: 'billing',
      description:
        'One payment: amount, method, status, when it was received, its reference, the customer and the invoice it paid.',
    },
  })
  .input(ZGetPaymentInput)
  .output(ZGetPaymentOutput)
  .query(({ ctx, input }) => loadPayment(ctx.em, ctx.businessId, input.payment_id));
