import { Migration } from '@mikro-orm/migrations';

/**
 * Clients known by a client ID metadata document (draft-ietf-oauth-client-id-metadata-document):
 * their client_id is the document's https URL, so the column (and every grant's copy) widens from
 * the 64 characters of a registered `mcp_...` id to 512; `source` says where a client's row came
 * from (`registration`, RFC 7591, or `metadata_document`, upserted from the last fetched document).
 * Widening a varchar is a catalogue change only on PostgreSQL (no table rewrite).
 */
export class Migration20261210000000_oauth_client_documents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table oauth_clients alter column client_id type varchar(512);`);
    this.addSql(`alter table oauth_grants alter column client_id type varchar(512);`);
    this.addSql(`alter table oauth_clients add column source varchar(20) not null default 'registration'
      check (source in ('registration', 'metadata_document'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from oauth_clients where source = 'metadata_document';`);
    this.addSql(`alter table oauth_clients drop column source;`);
    this.addSql(`alter table oauth_grants alter column client_id type varchar(64);`);
    this.addSql(`alter table oauth_clients alter column client_id type varchar(64);`);
  }
}
