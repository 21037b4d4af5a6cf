import { router } from '../../../trpc.ts';
import { getInvoice } from './get-invoice.ts';
import { issueInvoice } from './issue-invoice.ts';
import { listInvoices } from './list-invoices.ts';
import { listUnpaidInvoices } from './list-unpaid-invoices.ts';

export const invoicesRouter = router({ listInvoices, getInvoice, listUnpaidInvoices, issueInvoice });
