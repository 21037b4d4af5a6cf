import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import type { LineItemRow } from '../line-items.query.ts';

// One page each of a job's line items, notes and attachments, after the previous page's last
// (position or created_at key, id). The caller has checked that the job is the business's.

/** A job's priced lines in position order, then id. */
export function findJobLineItems(
  em: SqlSource,
  businessId: string,
  jobId: string,
  after: readonly [number, string] | undefined,
  limit: number,
): Promise<LineItemRow[]> {
  return runQuery<LineItemRow>(em, {
    sql: `select id, position, kind, name, description, quantity, unit_price_minor, taxable, amount_minor, price_book_item_id
            from job_line_items where business_id = ? and job_id = ? ${after ? 'and (position, id) > (?, ?::uuid)' : ''}
            order by position, id limit ?`,
    params: [businessId, jobId, ...(after ?? []), limit],
  });
}

export interface JobNoteRow {
  id: string;
  author_name: string;
  team_member_id: string | null;
  body: string;
  created_at: Date;
  created_key: string;
}

/** A job's notes, oldest first (created_at, id). */
export function findJobNotes(
  em: SqlSource,
  businessId: string,
  jobId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<JobNoteRow[]> {
  return runQuery<JobNoteRow>(em, {
    sql: `select id, author_name, team_member_id, body, created_at, ${instantKeySql('created_at')} as created_key
            from job_notes where business_id = ? and job_id = ? ${after ? 'and (created_at, id) > (?::timestamptz, ?::uuid)' : ''}
            order by created_at, id limit ?`,
    params: [businessId, jobId, ...(after ?? []), limit],
  });
}

export interface JobAttachmentRow {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: string;
  uploaded_by: string | null;
  created_at: Date;
  created_key: string;
}

/** A job's attachments (metadata only), oldest first (created_at, id). */
export function findJobAttachments(
  em: SqlSource,
  businessId: string,
  jobId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<JobAttachmentRow[]> {
  return runQuery<JobAttachmentRow>(em, {
    sql: `select id, file_name, content_type, size_bytes, uploaded_by, created_at, ${instantKeySql('created_at')} as created_key
            from job_attachments where business_id = ? and job_id = ? ${after ? 'and (created_at, id) > (?::timestamptz, ?::uuid)' : ''}
            order by created_at, id limit ?`,
    params: [businessId, jobId, ...(after ?? []), limit],
  });
}
