import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { expect } from 'chai';
import { webhookEnvelope, webhookEventCatalogue } from '../../core/services/webhooks/event-catalogue.ts';
import {
  outboxEvent,
  OUTBOX_ENVELOPE_COLUMNS,
  webhookPayload,
  type OutboxEnvelopeRow,
} from '../../core/services/webhooks/envelope.ts';
import type { Json } from '../webhooks/management-fixtures.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';

/** The outbox events of one entity of a business, in commit order, as the envelope every delivery and feed item carries. */
export async function envelopesOf(businessId: string, entityId: string): Promise<Json[]> {
  const rows = await sql<OutboxEnvelopeRow>(
    `select ${OUTBOX_ENVELOPE_COLUMNS} from outbox_events where business_id = ? and aggregate_id = ? order by position`,
    [businessId, entityId],
  );
  return rows.map((row) => JSON.parse(webhookPayload(outboxEvent(row))) as Json);
}

/** How many outbox events a business has (a failed write must leave it unchanged). */
export async function eventCount(businessId: string): Promise<number> {
  const [row] = await sql<{ n: number }>('select count(*)::int as n from outbox_events where business_id = ?', [
    businessId,
  ]);
  return row!.n;
}

/** Active team members of a business (fixture read). */
export async function activeMembers(businessId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>('select id from team_members where business_id = ? and active order by id', [
    businessId,
  ]);
  return rows.map((row) => row.id);
}

/** $refs to the document's component schemas inlined, so one schema validates by itself. */
function inlineRefs(node: unknown, components: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, components));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as Json).$ref as string | undefined;
  if (ref?.startsWith('#/components/schemas/')) return inlineRefs(components[ref.slice(21)], components);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, components)]));
}

let document: Promise<Json> | undefined;
const validator = new AjvJsonSchemaValidator();

/**
 * Checks an envelope against its type's published schemas: the zod schema of the catalogue
 * (webhookEnvelope with the type's data) and the OpenAPI document's `webhooks` entry (JSON Schema).
 */
export async function expectPublishedShape(envelope: Json): Promise<void> {
  const type = envelope.type as string;
  const definition = webhookEventCatalogue.find((event) => event.type === type);
  expect(definition, `${type} is catalogued`).to.not.equal(undefined);
  const parsed = webhookEnvelope(type, definition!.entityType, definition!.data).safeParse(envelope);
  expect(parsed.success, `${type} against its zod schema: ${parsed.error?.message}`).to.equal(true);
  document ??= request<Json>(`${service().url}/api/openapi.json`).then((response) => response.body);
  const openapi = await document;
  const schema = openapi.webhooks[type].post.requestBody.content['application/json'].schema;
  const check = validator.getValidator(inlineRefs(schema, openapi.components.schemas) as never);
  const result = check(envelope);
  expect(result.valid, `${type} against the OpenAPI webhooks schema: ${result.errorMessage}`).to.equal(true);
}
