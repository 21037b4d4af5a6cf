import { AppError } from '../../../errors/index.ts';
import { findPayments, toPayment } from '../../../services/workspace/payments/payment-rows.query.ts';
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
  .query(async ({ ctx, input }) => {
    const [row] = await findPayments(ctx.em, ctx.businessId, { paymentId: input.payment_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No payment with id ${input.payment_id} in this business.`);
    return toPayment(row);
  });
