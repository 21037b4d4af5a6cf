import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventFeedWaits } from '../../core/services/events/feed-waits.ts';
import type { DatabaseNotifications } from '../../core/services/sql/notifications.ts';
import { onOutboxCommitted } from '../../orm/outbox-commits.ts';

/** Announced by the outbox trigger at each commit, payload the business id (Migration20270104000100_outbox_notify_business). */
const OUTBOX_CHANNEL = 'fsa_outbox';

/** A business id as the trigger sends it: anchored, fixed length, so linear. */
const BUSINESS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Wakes the event feed's long polls with the same hints as the webhook worker: this process's commits
 * that wrote outbox events (per business), and every other process's through the `fsa_outbox`
 * notification (per business; an empty or unreadable payload wakes every poll), and every poll when
 * notifications may have been lost.
 */
export function followEventFeedWakes(
  orm: MikroORM,
  notifications: DatabaseNotifications | undefined,
  waits: EventFeedWaits,
): void {
  onOutboxCommitted(orm, (businessIds) => {
    for (const businessId of businessIds) waits.announce(businessId);
  });
  notifications?.subscribe(OUTBOX_CHANNEL, (payload) => {
    if (BUSINESS_ID.test(payload)) waits.announce(payload);
    else waits.announceAll();
  });
  notifications?.onGap(() => waits.announceAll());
}
