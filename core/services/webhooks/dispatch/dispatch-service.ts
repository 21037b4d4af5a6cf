import type { WebhookSender } from '../sender-port.ts';
import { createDeliverNow } from './deliver-now.ts';
import type { WebhookDispatchDeps } from './dispatch-deps.ts';
import { startDispatchLoop, type DispatchLoop, type DispatchLoopOptions } from './dispatch-loop.ts';

/** Outbound webhook dispatch end to end: publish, claim, sign, post through the transport, record, retry. */
export interface WebhookDispatch {
  /** Sends one delivery now: what CoreServices.webhookSender exposes to the test and retry procedures. */
  sender: WebhookSender;
  /** Starts this process's delivery loop; the caller stops it. */
  startLoop(options: DispatchLoopOptions): DispatchLoop;
}

/**
 * The webhook dispatch service, built once by the composition root over the transport port. The
 * composition root drives it directly (no procedure per step): the loop is the process's own work,
 * not a request, and its attempts in flight span passes, so no single call per pass could hold them.
 */
export function createWebhookDispatch(deps: WebhookDispatchDeps): WebhookDispatch {
  return {
    sender: createDeliverNow(deps),
    startLoop: (options) => startDispatchLoop(deps, options),
  };
}
