import { generateApiToken } from '../../auth/api-token.ts';
import { apiTokenScopes } from '../../auth/scopes.ts';
import { AppError } from '../../errors/index.ts';
import { insertApiToken } from '../../services/accounts/api-tokens.query.ts';
import { findBusiness } from '../../services/accounts/find-business.ts';
import { userExists } from '../../services/accounts/users.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCreateApiTokenInput, ZCreateApiTokenOutput } from './create-api-token.schema.ts';

/**
 * A workspace API token for internal clients (scripts only). The answer carries the token once;
 * only its SHA-256 is stored, so it cannot be shown again: a lost token is revoked and replaced.
 */
export const createApiToken = systemProcedure
  .input(ZCreateApiTokenInput)
  .output(ZCreateApiTokenOutput)
  .mutation(async ({ ctx, input }) => {
    const business = await findBusiness(ctx.em, input.business);
    if (input.created_by && !(await userExists(ctx.em, input.created_by))) {
      throw new AppError('RESOURCE_NOT_FOUND', `No user with id ${input.created_by}.`);
    }
    // Canonical order, no duplicates: listings and comparisons stay simple.
    const scopes = apiTokenScopes.filter((scope) => input.scopes.includes(scope));
    const generated = generateApiToken();
    const now = ctx.clock.now();
    const expiresAt =
      input.expires_in_seconds === undefined ? null : new Date(now.getTime() + input.expires_in_seconds * 1000);
    const token = await insertApiToken(ctx.em, {
      businessId: business.id,
      name: input.name,
      tokenPrefix: generated.tokenPrefix,
      tokenHash: generated.tokenHash,
      scopes,
      createdBy: input.created_by ?? null,
      createdAt: now,
      expiresAt,
    });
    return {
      id: token.id,
      business_id: business.id,
      name: token.name,
      token: generated.token,
      token_prefix: token.tokenPrefix,
      scopes,
      created_at: token.createdAt.toISOString(),
      expires_at: expiresAt?.toISOString() ?? null,
    };
  });
