import type { EntitySchema } from '@mikro-orm/core';
import { OAuthClient } from './client.ts';
import { OAuthGrant } from './grant.ts';
import { OAuthSigningKey } from './signing-key.ts';

export { OAuthClient, OAuthGrant, OAuthSigningKey };

export const oauthEntities: EntitySchema[] = [OAuthSigningKey, OAuthClient, OAuthGrant];
