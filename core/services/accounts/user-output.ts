import type { IUser } from '../../../orm/entities/accounts/user.ts';

export interface UserOutput {
  id: string;
  email: string;
  name: string;
  created_at: string;
}

/** A user as procedures return it: never the password hash. */
export function toUserOutput(user: IUser): UserOutput {
  return { id: user.id, email: user.email, name: user.name, created_at: user.createdAt.toISOString() };
}
