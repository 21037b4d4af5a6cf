// The demo seeding (core/routers/demo/seed-demo-workspace.ts) still imports the lookup from here.
export { findUserByEmail } from './users.query.ts';
