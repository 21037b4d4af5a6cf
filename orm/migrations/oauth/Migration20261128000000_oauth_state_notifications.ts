import { Migration } from '@mikro-orm/migrations';

/**
 * Every instance caches what access-token verification reads (a grant's standing, the signing keys'
 * publication); these triggers tell every instance when that changes, on the channel
 * `fsa_oauth_state` (core/services/oauth/oauth-state-notifications.ts). A trigger, not a call in the
 * query functions: it also sees the cascades (a deleted business or user takes its memberships and
 * grants with it) and hand-written SQL, and NOTIFY is transactional (sent at commit, only if it
 * commits; identical payloads of one transaction are sent once).
 */
export class Migration20261128000000_oauth_state_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function fsa_notify_grant_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('fsa_oauth_state', 'grant:' || (case tg_op when 'DELETE' then old.id else new.id end)::text);
        return null;
      end $$;`);
    this.addSql(`create function fsa_notify_oauth_state() returns trigger language plpgsql as $$
      begin
        perform pg_notify('fsa_oauth_state', tg_argv[0]);
        return null;
      end $$;`);
    this.addSql(`create trigger oauth_grants_notify after update or delete on oauth_grants
      for each row execute function fsa_notify_grant_change();`);
    this.addSql(`create trigger memberships_notify after insert or update or delete on memberships
      for each statement execute function fsa_notify_oauth_state('members');`);
    this.addSql(`create trigger oauth_clients_notify after update or delete on oauth_clients
      for each statement execute function fsa_notify_oauth_state('members');`);
    this.addSql(`create trigger oauth_signing_keys_notify after insert or update or delete on oauth_signing_keys
      for each statement execute function fsa_notify_oauth_state('keys');`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists oauth_signing_keys_notify on oauth_signing_keys;');
    this.addSql('drop trigger if exists oauth_clients_notify on oauth_clients;');
    this.addSql('drop trigger if exists memberships_notify on memberships;');
    this.addSql('drop trigger if exists oauth_grants_notify on oauth_grants;');
    this.addSql('drop function if exists fsa_notify_oauth_state();');
    this.addSql('drop function if exists fsa_notify_grant_change();');
  }
}
