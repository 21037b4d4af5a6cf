import { ApiToken } from '../../../orm/entities/accounts/api-token.ts';
import { toApiTokenOutput } from '../../services/accounts/api-token-output.ts';
import { findBusiness } from '../../services/accounts/find-business.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZListApiTokensInput, ZListApiTokensOutput } from './list-api-tokens.schema.ts';

/** The API tokens of a business, newest first, without their values or hashes (scripts only). */
export const listApiTokens = systemProcedure
  .input(ZListApiTokensInput)
  .output(ZListApiTokensOutput)
  .query(async ({ ctx, input }) => {
    const business = await findBusiness(ctx.em, input.business);
    const now = ctx.clock.now();
    const tokens = await ctx.em.find(
      ApiToken,
      {
        businessId: business.id,
        ...(input.include_revoked ? {} : { revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] }),
      },
      { exclude: ['tokenHash'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { business_id: business.id, business_slug: business.slug, items: tokens.map((token) => toApiTokenOutput(token, now)) };
  });
