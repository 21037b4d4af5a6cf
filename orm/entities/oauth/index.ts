import type { EntitySchema } from '@mikro-orm/core';
import { OAuthAuthorizationCode } from './authorization-code.ts';
import { OAuthBrowserSession } from './browser-session.ts';
import { OAuthClient } from './client.ts';
import { OAuthGrant } from './grant.ts';
import { OAuthRefreshToken } from './refresh-token.ts';
import { OAuthSigningKey } from './signing-key.ts';

export const oauthEntities: EntitySchema[] = [
  OAuthSigningKey,
  OAuthClient,
  OAuthGrant,
  OAuthAuthorizationCode,
  OAuthRefreshToken,
  OAuthBrowserSession,
];
