import { hashPassword } from '../../auth/password.ts';
import { AppError } from '../../errors/index.ts';
import { isUniqueViolation } from '../../services/sql/unique-violation.ts';
import { toUserOutput } from '../../services/accounts/user-output.ts';
import { findUserByEmail, insertUser } from '../../services/accounts/users.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCreateUserInput, ZCreateUserOutput } from './create-user.schema.ts';

function duplicate(email: string): AppError {
  return new AppError('CONFLICT', `A user with the e-mail address ${email} already exists.`);
}

/** A user who can sign in; the password is stored only as an scrypt hash (scripts only). */
export const createUser = systemProcedure
  .input(ZCreateUserInput)
  .output(ZCreateUserOutput)
  .mutation(async ({ ctx, input }) => {
    // Checked before hashing: a duplicate should not cost a 128 MiB scrypt run.
    if (await findUserByEmail(ctx.em, input.email)) throw duplicate(input.email);
    const now = ctx.clock.now();
    const values = {
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      createdAt: now,
      updatedAt: now,
    };
    let user;
    try {
      user = await insertUser(ctx.em, values);
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_unique')) throw duplicate(input.email);
      throw error;
    }
    return toUserOutput(user);
  });
