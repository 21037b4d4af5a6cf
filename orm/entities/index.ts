import type { EntitySchema } from '@mikro-orm/core';
import { accountsEntities } from './accounts/index.ts';
import { blogEntities } from './blog/index.ts';
import { directoryEntities } from './directory/index.ts';
import { fieldServiceEntities } from './field-service/index.ts';
import { governmentEntities } from './government/index.ts';
import { oauthEntities } from './oauth/index.ts';

/** Every entity, registered explicitly; each area keeps its own list. */
export const entities: EntitySchema[] = [
  ...blogEntities,
  ...governmentEntities,
  ...directoryEntities,
  ...accountsEntities,
  ...fieldServiceEntities,
  ...oauthEntities,
];
