import { randomBytes } from 'node:crypto';
import type { Config } from '../../core/config.ts';
import type { Logger } from '../../core/logger.ts';
import { generateDemoWorkspace } from './demo-data/field-service/generate-workspace.ts';
import { demoWorkspaceSpecs, type DemoWorkspaceName } from './demo-data/field-service/specs.ts';
import type { SystemCaller } from '../lib/system-caller.ts';

/**
 * Creates one of the deterministic demo businesses: generates its rows (history dated behind now,
 * a schedule ahead) and stores them with `infrastructure.demo.insertDemoWorkspace`, owned by the given user.
 */
export async function seedDemoWorkspace(caller: SystemCaller, workspace: DemoWorkspaceName, ownerEmail?: string) {
  const rows = generateDemoWorkspace(demoWorkspaceSpecs[workspace], new Date());
  return caller.infrastructure.demo.insertDemoWorkspace({ tables: rows.toInput(), owner_email: ownerEmail });
}

/** The demo owner account a start just created: what the start-up banner shows, this once. */
export interface CreatedDemoOwner {
  email: string;
  /** The generated password; undefined when it came from DEMO_OWNER_PASSWORD (never echoed). */
  generatedPassword: string | undefined;
  businesses: Array<{ name: string; slug: string }>;
}

/**
 * The first start of a database without businesses creates the demo owner account and the two demo
 * businesses it owns (Summit Home Services, and the small Harbor Plumbing Co. that shows tenant
 * isolation). The owner's password comes from DEMO_OWNER_PASSWORD or is generated, and is printed
 * this once (through `announce`): it is stored only as a hash.
 *
 * In production a password is never generated (it would have to be printed into the service's
 * output, which log collectors keep): without DEMO_OWNER_PASSWORD the demo businesses are skipped.
 */
export async function seedDemoWorkspacesIfNone(
  caller: SystemCaller,
  owner: Config['demoOwner'],
  log: Logger,
  announce: (created: CreatedDemoOwner) => void,
  options: { production: boolean },
): Promise<void> {
  if ((await caller.infrastructure.demo.countBusinesses()).businesses > 0) return;
  if (options.production && owner.password === undefined) {
    log.warn(
      'production: demo businesses not seeded, since DEMO_OWNER_PASSWORD is not set (a generated password is never printed in production)',
    );
    return;
  }
  const started = performance.now();
  log.info({ owner: owner.email }, 'creating the demo owner account and the two demo businesses');
  const password = owner.password ?? randomBytes(12).toString('base64url');
  await caller.accounts.createUser({ email: owner.email, name: 'Demo Owner', password });
  const seeded = [];
  for (const workspace of ['primary', 'secondary'] as const) {
    seeded.push(await seedDemoWorkspace(caller, workspace, owner.email));
  }
  log.info(
    { businesses: seeded.map((business) => business.slug), ms: Math.round(performance.now() - started) },
    'seeded the demo businesses',
  );
  announce({
    email: owner.email,
    generatedPassword: owner.password ? undefined : password,
    businesses: seeded.map(({ name, slug }) => ({ name, slug })),
  });
}
