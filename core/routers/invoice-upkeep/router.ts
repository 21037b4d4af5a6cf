import { router } from '../../trpc.ts';
import { markOverdueInvoices } from './mark-overdue-invoices.ts';

export const invoiceUpkeepRouter = router({ markOverdue: markOverdueInvoices });
