import { runQuery, type SqlSource } from '../../sql/query.ts';

/** The business's date at `now`, for a statement joining `businesses b`. */
const TODAY = '(?::timestamptz at time zone b.time_zone)::date';

/**
 * Issues a draft invoice of one business as one conditional UPDATE: draft → open, issued_on the
 * business's date at `now`, due_on `dueOn` when given (else the draft's), and only when that due
 * date is not before the issue day. Concurrent copies queue on the row lock and find it open: one
 * answers true.
 */
export async function updateInvoiceIssued(
  em: SqlSource,
  businessId: string,
  invoiceId: string,
  dueOn: string | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const rows = await runQuery<{ id: string }>(em, {
    sql: `update invoices i set status = 'open', issued_on = ${TODAY}, due_on = coalesce(?::date, i.due_on),
            updated_at = ?::timestamptz
          from businesses b
          where b.id = i.business_id and i.business_id = ? and i.id = ? and i.status = 'draft'
            and coalesce(?::date, i.due_on, ${TODAY}) >= ${TODAY}
          returning i.id`,
    params: [at, dueOn, at, businessId, invoiceId, dueOn, at, at],
  });
  return rows.length === 1;
}

export interface InvoiceIssueState {
  number: number;
  status: string;
  due_on: string | null;
  /** The business's date at `now`. */
  today: string;
}

/** What a refused issue found, to say why; undefined when the business has no such invoice. */
export async function invoiceIssueState(
  em: SqlSource,
  businessId: string,
  invoiceId: string,
  now: Date,
): Promise<InvoiceIssueState | undefined> {
  const [row] = await runQuery<InvoiceIssueState>(em, {
    sql: `select i.number, i.status, to_char(i.due_on, 'YYYY-MM-DD') as due_on, to_char(${TODAY}, 'YYYY-MM-DD') as today
          from invoices i join businesses b on b.id = i.business_id
          where i.business_id = ? and i.id = ?`,
    params: [now.toISOString(), businessId, invoiceId],
  });
  return row;
}
