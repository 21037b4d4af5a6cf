import type { EntitySchema } from '@mikro-orm/core';
import { GovernmentClassificationCode } from './government-classification-code.ts';
import { GovernmentOpportunity } from './government-opportunity.ts';
import { GovernmentSyncNotice, GovernmentSyncState } from './government-sync.ts';

export const governmentEntities: EntitySchema[] = [
  GovernmentOpportunity,
  GovernmentClassificationCode,
  GovernmentSyncState,
  GovernmentSyncNotice,
];
