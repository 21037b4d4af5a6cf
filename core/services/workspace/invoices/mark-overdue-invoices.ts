import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../../logger.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { loadInvoice } from './invoice-detail.ts';
import { findOverdueCandidates, markInvoiceOverdue, type OverdueCandidate } from './overdue.query.ts';

/** Marks one invoice and queues its invoice.overdue in one transaction; false when another check was first. */
function markOne(em: EntityManager, invoice: OverdueCandidate, now: Date): Promise<boolean> {
  return em.transactional(async (tx) => {
    if (!(await markInvoiceOverdue(tx, invoice.business_id, invoice.id, now))) return false;
    recordOutboxEvent(tx, {
      businessId: invoice.business_id,
      eventType: 'invoice.overdue',
      aggregateType: 'invoice',
      aggregateId: invoice.id,
      payload: await loadInvoice(tx, invoice.business_id, invoice.id, now),
      occurredAt: now,
    });
    await tx.flush();
    return true;
  });
}

/**
 * One pass of the overdue check over at most `limit` invoices (fair across businesses): each is
 * marked and its invoice.overdue queued in a transaction of its own, so an invoice that fails is
 * logged and left for the next pass without undoing the others. `checked` equal to `limit` means
 * more may be waiting.
 */
export async function markOverdueInvoices(
  em: EntityManager,
  log: Logger,
  now: Date,
  limit: number,
): Promise<{ checked: number; marked: number; failed: number }> {
  const candidates = await findOverdueCandidates(em, now, limit);
  let marked = 0;
  let failed = 0;
  for (const invoice of candidates) {
    try {
      if (await markOne(em, invoice, now)) marked += 1;
    } catch (error) {
      failed += 1;
      log.error({ err: error, businessId: invoice.business_id, invoiceId: invoice.id }, 'overdue invoice not marked');
    }
  }
  return { checked: candidates.length, marked, failed };
}
