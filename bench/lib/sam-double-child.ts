/**
 * The SAM.gov double in a process of its own, as the real upstream is: the bench then measures only
 * the service's side of a sync (fetching, parsing, mapping, upserting), not the double's filtering
 * and serialising of pages on the service's event loop.
 * argv: notices. Sends `{ baseUrl, apiKey }` once listening; on `{ amend: n }` appends
 * " (amendment n)" to every title and answers `{ amended: n }`.
 */
import { samBenchNotices } from './sam-bench-notices.ts';
import { startSamDouble } from '../../scripts/dev/sam-gov-double.ts';

const count = Number(process.argv[2]);
const double = await startSamDouble();
const notices = samBenchNotices(double.baseUrl, count, Date.now());
double.notices = notices;
process.on('message', (message: { amend?: number }) => {
  if (message.amend === undefined) return;
  double.notices = notices.map((notice) => ({
    ...notice,
    title: `${String(notice.title)} (amendment ${message.amend})`,
  }));
  process.send?.({ amended: message.amend });
});
process.on('disconnect', () => void double.close().then(() => process.exit(0)));
process.send?.({ baseUrl: double.baseUrl, apiKey: double.apiKey });
