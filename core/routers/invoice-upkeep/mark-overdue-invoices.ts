import { markOverdueInvoices as markOverdue } from '../../services/workspace/invoices/mark-overdue-invoices.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZMarkOverdueInvoicesInput, ZMarkOverdueInvoicesOutput } from './mark-overdue-invoices.schema.ts';

/**
 * The periodic overdue check (scripts/compose/overdue-invoices.ts): marks open invoices with a
 * balance that are past their due date in their business's time zone, each once, with its
 * invoice.overdue event. System only.
 */
export const markOverdueInvoices = systemProcedure
  .input(ZMarkOverdueInvoicesInput)
  .output(ZMarkOverdueInvoicesOutput)
  .mutation(({ ctx, input }) => markOverdue(ctx.em, ctx.log, ctx.clock.now(), input.limit));
