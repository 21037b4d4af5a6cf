/**
 * `npm run seed -- --posts N --opportunities N --listings N`: adds generated content to the
 * configured database (embedded or DATABASE_URL) through the procedure caller, in batches.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { composeServices } from './compose/compose-services.ts';
import { openDatabase } from '../orm/database.ts';
import { systemCaller } from './lib/system-caller.ts';
import { seedAreas } from './seed/areas.ts';
import { runSeed, type SeedPlan } from './seed/run-seed.ts';

const usage = `Usage: npm run seed -- ${seedAreas.map((area) => `[--${area.flag} N]`).join(' ')} [--demo]

Adds N generated rows of each kind to the configured database (DATABASE_URL, or the embedded
database in DATA_DIR, through the running service when one holds it), continuing the
deterministic sequence after the rows already there.
  --demo     the demo amounts (${seedAreas.map((area) => `${area.demoCount} ${area.flag}`).join(', ')})
  --help     this text`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

const options = Object.fromEntries(seedAreas.map((area) => [area.flag, { type: 'string' as const }]));
let parsed;
try {
  parsed = parseArgs({ options: { ...options, demo: { type: 'boolean' }, help: { type: 'boolean' } }, strict: true });
} catch (error) {
  fail((error as Error).message);
}
if (parsed.values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const plans: SeedPlan[] = seedAreas.map((area) => {
  const raw = parsed.values[area.flag as keyof typeof parsed.values];
  if (raw === undefined) return { area, count: parsed.values.demo ? area.demoCount : 0 };
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
    fail(`--${area.flag} must be a whole number from 0 to 10000000, got "${String(raw)}"`);
  return { area, count };
});
if (plans.every((plan) => plan.count === 0)) fail('Nothing to seed: give at least one count.');

const config = loadConfig();
const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
// Beside a running service on the embedded database, through its socket (see orm/database.ts).
const database = await openDatabase(config.database, { log, besideService: true }).catch((error: unknown) => {
  process.stderr.write(`seeding failed: ${(error as Error).message}\n`);
  process.exit(1);
});
try {
  const caller = systemCaller({ orm: database.orm, services: composeServices({ database, config }), config, log });
  const started = performance.now();
  await runSeed(caller, plans, createLogger('info'), process.stderr.isTTY === true);
  process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
} catch (error) {
  process.stderr.write(`seeding failed: ${(error as Error).stack}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
