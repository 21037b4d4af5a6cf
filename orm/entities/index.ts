import type { EntitySchema } from '@mikro-orm/core';
import { accountsEntities } from './accounts/index.ts';
import { agentEntities } from './agent/index.ts';
import { blogEntities } from './blog/index.ts';
import { directoryEntities } from './directory/index.ts';
import { fieldServiceEntities } from './field-service/index.ts';
import { governmentEntities } from './government/index.ts';
import { oauthEntities } from './oauth/index.ts';
import { paymentsEntities } from './payments/index.ts';
import { platformEntities } from './platform/index.ts';
import { ucpEntities } from './ucp/index.ts';
import { webhooksEntities } from './webhooks/index.ts';

/**
 * Every entity, registered explicitly; each area keeps its own list. Every table the migrations create
 * has one (test/orm/schema-matches-entities.test.ts holds them to the migrated database).
 */
export const entities: EntitySchema[] = [
  ...platformEntities,
  ...blogEntities,
  ...governmentEntities,
  ...directoryEntities,
  ...accountsEntities,
  ...fieldServiceEntities,
  ...oauthEntities,
  ...agentEntities,
  ...ucpEntities,
  ...paymentsEntities,
  ...webhooksEntities,
];
