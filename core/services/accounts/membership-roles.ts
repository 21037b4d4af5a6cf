/** The roles of a membership (the entity's enum), for the input schemas: procedures do not import entities. */
export { membershipRoles } from '../../../orm/entities/accounts/membership.ts';
