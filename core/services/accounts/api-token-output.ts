import type { IApiToken } from '../../../orm/entities/accounts/api-token.ts';
import { apiTokenStatus, type ApiTokenStatus } from './api-tokens.query.ts';

export interface ApiTokenOutput {
  id: string;
  business_id: string;
  name: string;
  token_prefix: string;
  scopes: string[];
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
  status: ApiTokenStatus;
}

/** A token as listings show it at `now`: the recognisable prefix, never the hash. */
export function toApiTokenOutput(token: Omit<IApiToken, 'tokenHash'>, now: Date): ApiTokenOutput {
  return {
    id: token.id,
    business_id: token.businessId,
    name: token.name,
    token_prefix: token.tokenPrefix,
    scopes: [...token.scopes],
    created_by: token.createdBy ?? null,
    created_at: token.createdAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    expires_at: token.expiresAt?.toISOString() ?? null,
    status: apiTokenStatus(token, now),
  };
}
