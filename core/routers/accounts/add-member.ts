import type { IMembership } from '../../../orm/entities/accounts/membership.ts';
import { AppError } from '../../errors/index.ts';
import { findBusiness } from '../../services/accounts/find-business.ts';
import { findMembership, insertMembership } from '../../services/accounts/memberships.query.ts';
import { findUserByEmail } from '../../services/accounts/users.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZAddMemberInput, ZAddMemberOutput } from './add-member.schema.ts';

/**
 * Gives an existing user a role in a business (scripts only). Adding a member again with the
 * same role changes nothing (`created: false`), so scripts may repeat it; with another role it is
 * a CONFLICT: changing someone's role, an owner's above all, is a decision this command does not
 * take silently.
 */
export const addMember = systemProcedure
  .input(ZAddMemberInput)
  .output(ZAddMemberOutput)
  .mutation(async ({ ctx, input }) => {
    const business = await findBusiness(ctx.em, input.business);
    const user = await findUserByEmail(ctx.em, input.email);
    if (!user)
      throw new AppError(
        'RESOURCE_NOT_FOUND',
        `No user with the e-mail address ${input.email}; create the user first.`,
      );
    const answer = (membership: IMembership, created: boolean) => {
      if (membership.role !== input.role) {
        throw new AppError(
          'CONFLICT',
          `${user.email} already is ${membership.role} of ${business.slug}; add-member does not change roles.`,
        );
      }
      return {
        business_id: business.id,
        business_slug: business.slug,
        user_id: user.id,
        email: user.email,
        role: membership.role,
        created_at: membership.createdAt.toISOString(),
        created,
      };
    };

    const existing = await findMembership(ctx.em, business.id, user.id);
    if (existing) return answer(existing, false);
    // A concurrent add that got there first is answered as if it had come before this one.
    const { membership, created } = await insertMembership(ctx.em, {
      businessId: business.id,
      userId: user.id,
      role: input.role,
      createdAt: ctx.clock.now(),
    });
    return answer(membership, created);
  });
