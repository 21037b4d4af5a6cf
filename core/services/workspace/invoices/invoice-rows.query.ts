import { runQuery, type SqlSource } from '../../sql/query.ts';
import { Where } from '../where.ts';

export interface InvoiceRow {
  id: string;
  number: number;
  status: 'draft' | 'open' | 'paid' | 'void';
  customer_id: string;
  customer_name: string;
  job_id: string | null;
  issued_on: string | null;
  due_on: string | null;
  subtotal_minor: string;
  tax_minor: string;
  total_minor: string;
  amount_paid_minor: string;
  currency: string;
  created_at: Date;
  created_key: string;
  /** Days past due against today in the business's zone (0 when not yet due). */
  days_overdue: number;
}

export type InvoiceOrder = 'created_desc' | 'due_asc';

export interface InvoiceFilter {
  invoiceId?: string;
  /** Only open invoices with a balance left and a due date (the collections view). */
  unpaid?: boolean;
  /** Only invoices past due against the business's today. */
  overdueOnly?: boolean;
  /** A status, or overdue: open with a balance, due before the business's today. */
  status?: InvoiceRow['status'] | 'overdue';
  customerId?: string;
  /** Only invoices due before this date (YYYY-MM-DD). */
  dueBefore?: string;
  /** The previous page's last invoice in the order: (created_at key, id) for created_desc, (due date, id) for due_asc. */
  after?: readonly [string, string];
}

const resumeAfter: Record<InvoiceOrder, string> = {
  created_desc: '(i.created_at, i.id) < (?::timestamptz, ?::uuid)',
  due_asc: '(i.due_date, i.id) > (?::date, ?::uuid)',
};

/**
 * Invoices of one business with customer, paid amount (succeeded payments) and days overdue
 * against `now` in the business's time zone. The conditions are on `i`: the invoice's columns
 * plus `amount_paid_minor`, `due_date` and `today` (the business's local date).
 */
export function findInvoices(
  em: SqlSource,
  businessId: string,
  now: Date,
  filter: InvoiceFilter,
  order: InvoiceOrder,
  limit: number,
): Promise<InvoiceRow[]> {
  const where = new Where('i.business_id = ?', businessId);
  if (filter.invoiceId) where.add('i.id = ?', filter.invoiceId);
  if (filter.unpaid) where.add(`i.status = 'open' and i.total_minor > i.amount_paid_minor and i.due_date is not null`);
  if (filter.overdueOnly) where.add('i.due_date < i.today');
  if (filter.status === 'overdue')
    where.add(`i.status = 'open' and i.total_minor > i.amount_paid_minor and i.due_date < i.today`);
  else if (filter.status) where.add('i.status = ?', filter.status);
  if (filter.customerId) where.add('i.customer_id = ?', filter.customerId);
  if (filter.dueBefore) where.add('i.due_date < ?::date', filter.dueBefore);
  if (filter.after) where.add(resumeAfter[order], ...filter.after);
  const orderBy = order === 'created_desc' ? 'i.created_at desc, i.id desc' : 'i.due_on, i.id';
  return runQuery<InvoiceRow>(em, {
    sql: `select i.*, greatest(0, coalesce(i.today - i.due_date, 0)) as days_overdue from (
            select i.id, i.business_id, i.number, i.status, c.id as customer_id, c.name as customer_name, i.job_id,
              to_char(i.issued_on, 'YYYY-MM-DD') as issued_on, to_char(i.due_on, 'YYYY-MM-DD') as due_on, i.due_on as due_date,
              i.subtotal_minor, i.tax_minor, i.total_minor, i.currency, i.created_at,
              to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
              coalesce((select sum(p.amount_minor) from payments p
                where p.business_id = i.business_id and p.invoice_id = i.id and p.status = 'succeeded'), 0) as amount_paid_minor,
              (?::timestamptz at time zone b.time_zone)::date as today
            from invoices i
            join businesses b on b.id = i.business_id
            join customers c on c.business_id = i.business_id and c.id = i.customer_id
            where i.business_id = ?
          ) i
          where ${where}
          order by ${orderBy}
          limit ?`,
    params: [now.toISOString(), businessId, ...where.params, limit],
  });
}

export function toInvoice(row: InvoiceRow) {
  const total = Number(row.total_minor);
  const paid = Number(row.amount_paid_minor);
  const balance = row.status === 'void' ? 0 : total - paid;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    is_overdue: row.status === 'open' && balance > 0 && row.days_overdue > 0,
    customer: { id: row.customer_id, name: row.customer_name },
    job_id: row.job_id,
    issued_on: row.issued_on,
    due_on: row.due_on,
    subtotal_minor: Number(row.subtotal_minor),
    tax_minor: Number(row.tax_minor),
    total_minor: total,
    amount_paid_minor: paid,
    balance_minor: balance,
    currency: row.currency,
    created_at: new Date(row.created_at).toISOString(),
  };
}
