import { generateParties } from './generate-parties.ts';
import { generateAgreements, generateBilling, generateEstimates } from './generate-money.ts';
import { generatePriceBook, generateWork } from './generate-work.ts';
import { SeededRandom } from '../random.ts';
import type { DemoWorkspaceSpec } from './specs.ts';
import { WorkspaceRows } from './workspace-rows.ts';

/**
 * Every row of one demo business, generated from its spec's fixed seed: the same ids and data on
 * every machine for the same "now" (dates are placed relative to it: history behind, a schedule ahead).
 */
export function generateDemoWorkspace(spec: DemoWorkspaceSpec, now: Date): WorkspaceRows {
  const businessId = new SeededRandom(spec.seed).uuid();
  const seeded = new WorkspaceRows(spec.seed + 1, businessId, spec.timeZone, spec.currency, now);
  const parties = generateParties(seeded, spec);
  const priceBook = generatePriceBook(seeded);
  const finished = generateWork(seeded, spec, parties, priceBook);
  generateBilling(seeded, spec, finished);
  generateEstimates(seeded, spec, parties, priceBook);
  generateAgreements(seeded, spec, parties);
  return seeded;
}
