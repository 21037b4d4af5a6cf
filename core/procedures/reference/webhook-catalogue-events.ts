import type { ProcedureEntry } from '../procedure-entry.ts';
import { webhookEventCatalogue } from '../../services/webhooks/event-catalogue.ts';
import type { ReferenceEvent, ReferenceEventSource } from './types.ts';

/**
 * The webhook event catalogue (core/services/webhooks/event-catalogue.ts): the events the workspace
 * writes record in their outbox and deliver, plus webhook.test. A tool is named as the emitter only
 * when the router the reference documents has it; /api/trpc procedures never are (the reference shows
 * no internal procedure).
 */
export const webhookCatalogueEventSource: ReferenceEventSource = (procedures: readonly ProcedureEntry[]) =>
  webhookEventCatalogue.map((event): ReferenceEvent => ({
    type: event.type,
    description: event.description,
    emittedBy: event.emittedBy.filter((tool) => procedures.some((procedure) => procedure.meta?.tool?.name === tool)),
    payload: event.data,
  }));
