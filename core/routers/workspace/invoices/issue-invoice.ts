import { issueInvoice as issue } from '../../../services/workspace/invoices/issue-invoice.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZIssueInvoiceInput, ZIssueInvoiceOutput } from './issue-invoice.schema.ts';

/**
 * Issues a draft invoice (draft → open: payable; issued_on today in the business time zone) and
 * emits invoice.issued. One conditional update decides, so concurrent copies issue it once (the
 * others 409 STATUS_TRANSITION_NOT_ALLOWED). /api/trpc only: no agent tool.
 */
export const issueInvoice = workspaceWriteProcedure
  .input(ZIssueInvoiceInput)
  .output(ZIssueInvoiceOutput)
  .mutation(({ ctx, input }) => issue(ctx.em, ctx.businessId, input.invoice_id, input.due_on ?? null, ctx.clock.now()));
