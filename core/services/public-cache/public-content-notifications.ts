import type { DatabaseNotifications } from '../sql/notifications.ts';
import { PUBLIC_AREAS, type PublicArea, type PublicReadCache } from './public-read-cache.ts';

/**
 * The channel on which the database announces a change of public content. Sent by statement-level
 * triggers (migration Migration20270123000000_public_content_changes) in the transaction of the
 * change, so at commit and only if it commits, whatever wrote it (a procedure, an admin command, the
 * seed, hand-written SQL). Payload: the area (`blog`, `directory`, `government`).
 */
const PUBLIC_CONTENT_CHANNEL = 'fsa_public_content';

const isArea = (payload: string): payload is PublicArea => (PUBLIC_AREAS as readonly string[]).includes(payload);

/**
 * Invalidates one app's public read cache on each notification (an unknown payload drops everything),
 * and everything on a gap. Without delivered notifications (the embedded database) it leaves the
 * cache checking the database's versions itself. Answers the unsubscribe.
 */
export function followPublicContentNotifications(
  notifications: DatabaseNotifications,
  cache: PublicReadCache,
): () => void {
  if (!notifications.delivering) return () => undefined;
  const unsubscribe = notifications.subscribe(PUBLIC_CONTENT_CHANNEL, (payload) => {
    if (isArea(payload)) cache.invalidate(payload);
    else cache.clear();
  });
  const unsubscribeGap = notifications.onGap(() => cache.clear());
  cache.followNotifications();
  return () => {
    unsubscribe();
    unsubscribeGap();
  };
}
