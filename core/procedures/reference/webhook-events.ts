import { code } from './markdown.ts';
import { responseShape } from './shape.ts';
import { webhookCatalogueEventSource } from './webhook-catalogue-events.ts';
import type { ReferenceEvent, ReferenceInput, ReferenceSection } from './types.ts';

/** The events of every source, each type once (the first source to name it wins), sorted by type. */
function referenceEvents(input: ReferenceInput): ReferenceEvent[] {
  const byType = new Map<string, ReferenceEvent>();
  for (const source of input.eventSources ?? [webhookCatalogueEventSource]) {
    for (const event of source(input.procedures)) if (!byType.has(event.type)) byType.set(event.type, event);
  }
  return [...byType.values()].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

function event(entry: ReferenceEvent): string {
  return [
    `### ${entry.type}`,
    '',
    entry.description,
    '',
    `- Emitted by: ${entry.emittedBy.length > 0 ? entry.emittedBy.map(code).join(', ') : 'the service'}`,
    `- \`data\`: ${code(responseShape(entry.payload))}`,
  ].join('\n');
}

/** The webhook events: type, what emits it, the payload shape. */
export function webhookEventsSection(input: ReferenceInput): ReferenceSection {
  const events = referenceEvents(input);
  const markdown = [
    '## Webhook events',
    '',
    `The event types webhook endpoints receive (POST ${code(`${input.urls.base}/v1/webhook-endpoints`)} subscribes one), each ` +
      'recorded in the same transaction as the change it describes (so an event exists exactly when its change ' +
      'does), with the payload it carries as `data` in the envelope {id, type, created_at, business_id, data}. ' +
      'Every delivery is signed (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). Deliveries may be ' +
      'retried: handle each event idempotently, and treat it as a notice, not as proof of authorization (read ' +
      'the record back through the API when it matters).',
    '',
    ...events.flatMap((entry) => [event(entry), '']),
  ];
  return {
    id: 'webhook-events',
    title: 'Webhook events',
    count: events.length,
    summary: `${events.length} event types with what emits them and their payloads`,
    markdown: markdown.join('\n').trimEnd(),
  };
}
