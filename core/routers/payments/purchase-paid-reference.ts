import { purchasePaidReference as purchase } from '../../services/purchase/purchase-paid-reference.ts';
import { paidAgentRequestProcedure } from '../../trpc.ts';
import { ZPurchasePaidReferenceInput, ZPurchasePaidReferenceOutput } from './purchase-paid-reference.schema.ts';

/**
 * The x402 purchase of the paid reference, whole: terms, the UCP checkout handoff, reservation,
 * verification, the reference, settlement and its record (core/services/purchase/). The x402 adapter
 * calls it once per request with the PAYMENT-SIGNATURE it read, and writes the 402 or the 200 it
 * answers; refusals are thrown as errors of the catalogue. Reached only through the invoker.
 */
export const purchasePaidReference = paidAgentRequestProcedure
  .input(ZPurchasePaidReferenceInput)
  .output(ZPurchasePaidReferenceOutput)
  .mutation(({ ctx, input }) => purchase(ctx, input));
