import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../core/config.ts';
import { createContextInner } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import type { CoreServices } from '../../core/services/index.ts';

export type SystemCaller = ReturnType<typeof createCaller>;

/**
 * The procedure caller as an administrative script: principal `system`, no client address (so
 * no rate limit), a fresh entity manager per call. Scripts go through here, never to the database.
 */
export function systemCaller(deps: {
  orm: MikroORM;
  services: CoreServices;
  config: Config;
  log: Logger;
}): SystemCaller {
  return createCaller(() =>
    createContextInner({
      em: deps.orm.em,
      log: deps.log,
      urls: { site: deps.config.siteUrl, base: deps.config.baseUrl },
      services: deps.services,
      requestId: `script-${randomUUID()}`,
      principal: { kind: 'system' },
    }),
  );
}
