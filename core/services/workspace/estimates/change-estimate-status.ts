import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import type { BillingEventType } from '../billing-event-types.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { estimateNotFound, loadEstimate } from './estimate-detail.ts';
import {
  estimateState,
  estimateTransitions,
  updateEstimateStatus,
  type EstimateChange,
  type EstimateState,
} from './estimate-status.query.ts';

const events: Record<EstimateChange['kind'], BillingEventType> = {
  send: 'estimate.sent',
  approve: 'estimate.approved',
  decline: 'estimate.declined',
};

const verbs: Record<EstimateChange['kind'], string> = { send: 'sent', approve: 'approved', decline: 'declined' };

/** Why the conditional update changed nothing, from what the estimate is now. */
function refusal(change: EstimateChange, estimateId: string, state: EstimateState | undefined): AppError {
  if (!state) return estimateNotFound(estimateId);
  const { from } = estimateTransitions[change.kind];
  const details = [{ current_status: state.status, required_status: from }];
  if (change.kind === 'approve' && !state.has_option)
    return new AppError('RESOURCE_NOT_FOUND', `No option with id ${change.optionId} in estimate #${state.number}.`);
  if (state.status !== from)
    return new AppError(
      'STATUS_TRANSITION_NOT_ALLOWED',
      `Estimate #${state.number} is ${state.status}: only a ${from} estimate can be ${verbs[change.kind]}.`,
      { details },
    );
  if (change.kind === 'send' && state.option_count === 0)
    return new AppError(
      'STATUS_TRANSITION_NOT_ALLOWED',
      `Estimate #${state.number} has no options: there is nothing for the customer to accept.`,
      { details },
    );
  return new AppError(
    'STATUS_TRANSITION_NOT_ALLOWED',
    `Estimate #${state.number} expired: its valid_until (${state.valid_until}) is before today in the business time zone.`,
    { details },
  );
}

/**
 * Sends, approves or declines an estimate in one transaction: the conditional UPDATE decides, the
 * event (estimate.sent, .approved, .declined) is queued beside it carrying the record as
 * get-estimate answers it, and that record is the answer. A refused change writes nothing.
 */
export function changeEstimateStatus(
  em: EntityManager,
  businessId: string,
  estimateId: string,
  change: EstimateChange,
  now: Date,
) {
  return em.transactional(async (tx) => {
    if (!(await updateEstimateStatus(tx, businessId, estimateId, change, now))) {
      const optionId = change.kind === 'approve' ? change.optionId : null;
      throw refusal(change, estimateId, await estimateState(tx, businessId, estimateId, optionId, now));
    }
    const record = await loadEstimate(tx, businessId, estimateId);
    recordOutboxEvent(tx, {
      businessId,
      eventType: events[change.kind],
      aggregateType: 'estimate',
      aggregateId: estimateId,
      payload: record,
      occurredAt: now,
    });
    await tx.flush();
    return record;
  });
}
