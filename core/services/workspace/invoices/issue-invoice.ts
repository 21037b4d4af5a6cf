import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { invoiceNotFound, loadInvoice } from './invoice-detail.ts';
import { invoiceIssueState, updateInvoiceIssued, type InvoiceIssueState } from './issue-invoice.query.ts';

/** Why the conditional update changed nothing, from what the invoice is now. */
function refusal(invoiceId: string, dueOn: string | null, state: InvoiceIssueState | undefined): AppError {
  if (!state) return invoiceNotFound(invoiceId);
  if (state.status !== 'draft')
    return new AppError(
      'STATUS_TRANSITION_NOT_ALLOWED',
      `Invoice #${state.number} is ${state.status}: only a draft invoice can be issued.`,
      { details: [{ current_status: state.status, required_status: 'draft' }] },
    );
  const due = dueOn ?? state.due_on;
  const message = dueOn
    ? `the due date ${due} is before today in the business time zone (${state.today})`
    : `the draft's due date ${due} is before today in the business time zone (${state.today}): give a due_on`;
  return new AppError('VALIDATION_FAILED', `Invalid parameter "due_on": ${message}.`, {
    details: [{ parameter: 'due_on', code: 'too_small', message, path: ['due_on'] }],
  });
}

/**
 * Issues a draft invoice in one transaction: the conditional UPDATE decides, invoice.issued is
 * queued beside it carrying the record as get-invoice answers it, and that record is the answer.
 * A refused issue writes nothing.
 */
export function issueInvoice(
  em: EntityManager,
  businessId: string,
  invoiceId: string,
  dueOn: string | null,
  now: Date,
) {
  return em.transactional(async (tx) => {
    if (!(await updateInvoiceIssued(tx, businessId, invoiceId, dueOn, now)))
      throw refusal(invoiceId, dueOn, await invoiceIssueState(tx, businessId, invoiceId, now));
    const record = await loadInvoice(tx, businessId, invoiceId, now);
    recordOutboxEvent(tx, {
      businessId,
      eventType: 'invoice.issued',
      aggregateType: 'invoice',
      aggregateId: invoiceId,
      payload: record,
      occurredAt: now,
    });
    await tx.flush();
    return record;
  });
}
