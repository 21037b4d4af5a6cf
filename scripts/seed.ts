/**
 * `npm run seed -- --posts N --opportunities N --listings N`: adds generated content to the
 * configured database (embedded or DATABASE_URL) through the procedure caller, in batches.
 * `npm run seed -- --scale N`: tops the whole scale dataset up to N times the bench sizes.
 */
import { parseArgs } from 'node:util';
import { seedAreas } from './seed/areas.ts';
import type { SeedPlan } from './seed/run-seed.ts';
import { scaleBase, scaleSizes, SCALE_MAX, SCALE_MIN, type ScaleSizes } from './seed/scale-sizes.ts';

const usage = `Usage: npm run seed -- ${seedAreas.map((area) => `[--${area.flag} N]`).join(' ')} [--demo]
       npm run seed -- --scale N

Adds N generated rows of each kind to the configured database (DATABASE_URL, or the embedded
database in DATA_DIR, through the running service when one holds it), continuing the
deterministic sequence after the rows already there.
  --demo     the demo amounts (${seedAreas.map((area) => `${area.demoCount} ${area.flag}`).join(', ')})
  --scale N  the scale dataset, N from ${SCALE_MIN} to ${SCALE_MAX} times ${Object.entries(scaleBase)
    .map(([kind, size]) => `${size.toLocaleString('en-US')} ${kind}`)
    .join(', ')}
             (the customers and jobs in one business, "Scale Field Services"). Unlike the counts
             above, which add N every time, --scale tops up to the target: what is already there
             stays, and a second run (or a run after an interrupted one) adds only what is missing.
             Every position of each sequence is the same row whatever the batch size or restarts.
  --help     this text`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

/** A whole number in [min, max] from a flag's text, or exit 2 naming the flag. */
function wholeNumber(name: string, raw: string, min: number, max: number): number {
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** The hidden --scale-base (tests): smaller base sizes, e.g. `posts=20,opportunities=40,...`. */
function parseScaleBase(raw: string | undefined): ScaleSizes {
  const base: ScaleSizes = { ...scaleBase };
  if (raw === undefined) return base;
  for (const entry of raw.split(',')) {
    const [kind, size] = entry.split('=');
    if (!kind || size === undefined || !(kind in scaleBase))
      fail(`--scale-base takes kind=N pairs of ${Object.keys(scaleBase).join(', ')}, got "${entry}"`);
    base[kind as keyof ScaleSizes] = wholeNumber(`--scale-base ${kind}`, size, 1, 1_000_000);
  }
  return base;
}

const options = Object.fromEntries(seedAreas.map((area) => [area.flag, { type: 'string' as const }]));
let parsed;
try {
  parsed = parseArgs({
    options: {
      ...options,
      demo: { type: 'boolean' },
      scale: { type: 'string' },
      // Not in the usage: the tests' small datasets and batch sizes.
      'scale-base': { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
} catch (error) {
  fail((error as Error).message);
}
if (parsed.values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const counted = seedAreas.some((area) => parsed.values[area.flag as keyof typeof parsed.values] !== undefined);
const rawScale = parsed.values.scale;
if (rawScale !== undefined && (counted || parsed.values.demo))
  fail('--scale tops the whole dataset up: give it alone, without --demo or a count.');
if (rawScale === undefined && (parsed.values['scale-base'] !== undefined || parsed.values['batch-size'] !== undefined))
  fail('--scale-base and --batch-size go with --scale.');
const scale = rawScale === undefined ? undefined : wholeNumber('--scale', rawScale, SCALE_MIN, SCALE_MAX);
const sizes = scale === undefined ? undefined : scaleSizes(scale, parseScaleBase(parsed.values['scale-base']));
const batch =
  parsed.values['batch-size'] === undefined
    ? undefined
    : wholeNumber('--batch-size', parsed.values['batch-size'], 1, 1000);

const plans: SeedPlan[] = seedAreas.map((area) => {
  const raw = parsed.values[area.flag as keyof typeof parsed.values];
  if (raw === undefined || typeof raw !== 'string') return { area, count: parsed.values.demo ? area.demoCount : 0 };
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
    fail(`--${area.flag} must be a whole number from 0 to 10000000, got "${String(raw)}"`);
  return { area, count };
});
if (sizes === undefined && plans.every((plan) => plan.count === 0)) fail('Nothing to seed: give at least one count.');

// The database, the services and the seeding code load only once the arguments are good: a usage
// error answers at once instead of after the whole service's modules.
const [
  { loadConfig },
  { createLogger },
  { composeServices },
  { openDatabase },
  { systemCaller },
  { runSeed },
  scaleSeed,
] = await Promise.all([
  import('../core/config.ts'),
  import('../core/logger.ts'),
  import('./compose/compose-services.ts'),
  import('../orm/database.ts'),
  import('./lib/system-caller.ts'),
  import('./seed/run-seed.ts'),
  import('./seed/scale.ts'),
]);
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
  const showBar = process.stderr.isTTY === true;
  if (sizes) {
    const summary = await scaleSeed.runScaleSeed(caller, sizes, createLogger(showBar ? 'warn' : 'info'), {
      showBar,
      batch,
      // The embedded database is one connection (one batch at a time) and has no checkpointer.
      embedded: config.database.url === undefined,
    });
    process.stdout.write(`scale ${scale}:\n${scaleSeed.formatScaleSummary(summary)}\n`);
  } else {
    await runSeed(caller, plans, createLogger('info'), showBar);
  }
  process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
} catch (error) {
  // A failed multi-row insert's message holds its whole statement: the start is what helps.
  const text = String((error as Error).stack);
  process.stderr.write(`seeding failed: ${text.length > 4000 ? `${text.slice(0, 4000)} ... (cut)` : text}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
