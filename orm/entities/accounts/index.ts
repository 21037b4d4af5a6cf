import type { EntitySchema } from '@mikro-orm/core';
import { ApiToken } from './api-token.ts';
import { Business } from './business.ts';
import { Membership } from './membership.ts';
import { User } from './user.ts';

export const accountsEntities: EntitySchema[] = [User, Business, Membership, ApiToken];
