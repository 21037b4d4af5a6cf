import { runQuery, type SqlSource } from '../sql/query.ts';
import { DELIVERY_COLUMNS, type WebhookDeliveryRow } from './deliveries.query.ts';

/** A delivery as the log shows it: its row and the body every attempt sent (bounded in a list). */
export interface DeliveryLogRow extends WebhookDeliveryRow {
  request_body: string;
  /** The body was cut to the list's bound; the single-delivery read shows all of it. */
  request_body_truncated: boolean;
}

/** One attempt as the log shows it. */
export interface WebhookAttemptRow {
  id: string;
  delivery_id: string;
  attempted_at: Date | string;
  duration_ms: number;
  request_headers: Record<string, string> | string | null;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

/** What the log may be narrowed to; each filter is served by an index of webhook_deliveries. */
export interface DeliveryLogFilters {
  state?: WebhookDeliveryRow['state'];
  eventType?: string;
  eventId?: string;
}

/**
 * The most characters of a body a list shows per delivery: a page of 50 stays a few hundred KiB
 * whatever the events carry. The single-delivery read shows the whole body.
 */
const LISTED_BODY_MAX = 8192;

/** The most attempts the log shows per delivery (the latest ones): manual retries are otherwise unbounded. */
const ATTEMPTS_SHOWN_PER_DELIVERY = 20;

function bodyColumns(max: number | undefined): string {
  if (max === undefined) return 'payload as request_body, false as request_body_truncated';
  return `left(payload, ${max}) as request_body, length(payload) > ${max} as request_body_truncated`;
}

function filterSql(filters: DeliveryLogFilters): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.state) {
    clauses.push(' and state = ?');
    params.push(filters.state);
  }
  if (filters.eventType) {
    clauses.push(' and event_type = ?');
    params.push(filters.eventType);
  }
  if (filters.eventId) {
    clauses.push(' and event_id = ?::uuid');
    params.push(filters.eventId);
  }
  return { sql: clauses.join(''), params };
}

/**
 * One page of an endpoint's deliveries, newest first, narrowed by `filters`, after the delivery
 * `afterId` (its exact created_at read back here; a cursor whose delivery was swept meanwhile gives an
 * empty page); `limit + 1` rows, each body cut to LISTED_BODY_MAX.
 */
export function listDeliveryLog(
  source: SqlSource,
  businessId: string,
  endpointId: string,
  filters: DeliveryLogFilters,
  afterId: string | undefined,
  limit: number,
): Promise<DeliveryLogRow[]> {
  const after = afterId
    ? ' and (created_at, id) < (select created_at, id from webhook_deliveries where business_id = ? and endpoint_id = ? and id = ?)'
    : '';
  const filter = filterSql(filters);
  return runQuery<DeliveryLogRow>(source, {
    sql: `select ${DELIVERY_COLUMNS}, ${bodyColumns(LISTED_BODY_MAX)} from webhook_deliveries
          where business_id = ? and endpoint_id = ?${filter.sql}${after}
          order by created_at desc, id desc limit ?`,
    params: [
      businessId,
      endpointId,
      ...filter.params,
      ...(afterId ? [businessId, endpointId, afterId] : []),
      limit + 1,
    ],
  });
}

/** The business's delivery with this id to this endpoint, with its whole body; undefined otherwise. */
export async function findDeliveryLogEntry(
  source: SqlSource,
  businessId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryLogRow | undefined> {
  const [row] = await runQuery<DeliveryLogRow>(source, {
    sql: `select ${DELIVERY_COLUMNS}, ${bodyColumns(undefined)} from webhook_deliveries
          where business_id = ? and endpoint_id = ? and id = ?`,
    params: [businessId, endpointId, id],
  });
  return row;
}

/** The latest attempts (ATTEMPTS_SHOWN_PER_DELIVERY at most) of these deliveries, oldest first within each. */
export async function listAttemptLog(
  source: SqlSource,
  businessId: string,
  deliveryIds: readonly string[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return runQuery<WebhookAttemptRow>(source, {
    sql: `select id, delivery_id, attempted_at, duration_ms, request_headers, response_status, response_body, error from (
            select *, row_number() over (partition by delivery_id order by attempted_at desc, id desc) as recent
            from webhook_attempts
            where business_id = ? and delivery_id in (${deliveryIds.map(() => '?::uuid').join(', ')})
          ) latest
          where recent <= ?
          order by delivery_id, attempted_at, id`,
    params: [businessId, ...deliveryIds, ATTEMPTS_SHOWN_PER_DELIVERY],
  });
}
