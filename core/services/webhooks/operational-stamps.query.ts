/**
 * The `set` fragment an owner's PATCH `disabled` adds (endpoints.query.ts). Disabling: stamped as
 * announced, since the owner knows and no `webhook_endpoint.disabled` is due. Enabling: every stamp
 * is cleared with the failure streak, so the endpoint starts afresh (its next failure is `started`;
 * no `recovered` closes the period the owner ended).
 */
export function announcementsOnOwnerToggle(disabled: boolean): string {
  return disabled
    ? 'disabled_announced_at = now()'
    : 'failure_announced_at = null, disable_warned_at = null, disabled_announced_at = null';
}
