import { p } from '@mikro-orm/core';
import { Business } from './business.ts';
import { User } from './user.ts';

/*
 * References to accounts, as the migrations declare them. Each is a many-to-one that maps to the
 * primary key (`mapToPk`), so the entity holds the plain uuid that the lean SQL reads and writes;
 * the relation exists to carry the foreign key. PostgreSQL's default is `on update no action`
 * (MikroORM's is cascade), and every reference here says so.
 */

/** The business a row belongs to; deleting the business deletes the row. */
export const businessReference = () =>
  p.manyToOne(Business).mapToPk().fieldName('business_id').deleteRule('cascade').updateRule('no action');

/** A user the row belongs to (`user_id`); deleting the user deletes the row. */
export const userReference = () =>
  p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade').updateRule('no action');
