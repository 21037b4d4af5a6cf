import { AppError } from '../../errors/index.ts';
import { x402Terms } from '../../services/payments/x402-terms.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetPaymentTermsInput, ZPaymentTerms } from './get-payment-terms.schema.ts';

/**
 * What a payment for the paid reference must be, for the x402 adapter: the accepts[] entry and the
 * readable terms of the 402 body. Without a wallet or a facilitator: 503 PAYMENT_NOT_CONFIGURED
 * naming the missing variables (the rest of the service is unaffected). Reached only through the invoker.
 */
export const getPaymentTerms = publicProcedure
  .input(ZGetPaymentTermsInput)
  .output(ZPaymentTerms)
  .query(({ ctx }) => {
    const { payments } = ctx.services;
    if (!payments.configured) {
      throw new AppError(
        'PAYMENT_NOT_CONFIGURED',
        `The paid reference is not sold on this deployment: payments are not configured (${payments.missing.join(' and ')} ${payments.missing.length === 1 ? 'is' : 'are'} not set).`,
      );
    }
    return x402Terms(ctx.urls, payments.terms);
  });
