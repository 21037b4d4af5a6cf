import type { Config } from '../core/config.ts';
import type { CoreServices } from '../core/services/index.ts';
import { createRateLimiter, type RateLimitStore } from '../core/services/rate-limit/rate-limiter.ts';
import type { Database } from './database.ts';

/**
 * Builds the services every request context shares. Rate-limit budgets live in PostgreSQL on a
 * server database, so every instance draws on one budget; on the embedded database (one
 * instance by construction) they live in memory.
 */
export function createCoreServices(database: Database, config: Config): CoreServices {
  const store: RateLimitStore =
    database.kind === 'postgresql'
      ? { kind: 'postgres', knex: database.orm.em.getKnex(), tableName: 'rate_limits' }
      : { kind: 'memory' };
  return {
    oauthRedirectPolicy: config.oauthRedirects,
    rateLimiters: {
      government: createRateLimiter({ name: 'gov', ...config.rateLimits.government }, store),
      oauthRegistration: createRateLimiter({ name: 'oauth-register', points: config.oauthRegistrationPerHour, windowSeconds: 3600 }, store),
    },
  };
}
