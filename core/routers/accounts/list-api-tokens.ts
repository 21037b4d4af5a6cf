import { toApiTokenOutput } from '../../services/accounts/api-token-output.ts';
import { findApiTokensOfBusiness } from '../../services/accounts/api-tokens.query.ts';
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
    const tokens = await findApiTokensOfBusiness(ctx.em, business.id, { includeRevoked: input.include_revoked, now });
    return {
      business_id: business.id,
      business_slug: business.slug,
      items: tokens.map((token) => toApiTokenOutput(token, now)),
    };
  });
