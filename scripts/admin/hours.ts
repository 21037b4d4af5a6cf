import { UsageError } from './command.ts';

const dayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const SPEC = /^(\S+)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/;

function weekday(text: string, spec: string): number {
  const lower = text.toLowerCase();
  // "mon", "Monday", "tues": any prefix of at least three letters.
  const byName = lower.length >= 3 ? dayNames.findIndex((name) => name.startsWith(lower)) : -1;
  if (byName >= 0) return byName + 1;
  if (/^[1-7]$/.test(lower)) return Number(lower);
  throw new UsageError(`--hours "${spec}": "${text}" is not a weekday (mon..sun or 1..7).`);
}

function days(list: string, spec: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to, ...rest] = part.split('-');
    if (!from || rest.length > 0)
      throw new UsageError(`--hours "${spec}": "${part}" is not a weekday or a range such as mon-fri.`);
    const first = weekday(from, spec);
    if (to === undefined) return [first];
    const last = weekday(to, spec);
    if (last < first) throw new UsageError(`--hours "${spec}": the range ${part} runs backwards.`);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  });
}

const pad = (time: string) => time.padStart(5, '0');

/**
 * `--hours "mon-fri 08:00-17:00" --hours "sat 9:00-12:00"` -> opening windows per ISO weekday.
 * The times are checked by the procedure (format, closes after opens, no overlap).
 */
export function parseHours(specs: string[]): Array<{ weekday: number; opens: string; closes: string }> {
  return specs.flatMap((spec) => {
    const match = SPEC.exec(spec.trim());
    if (!match)
      throw new UsageError(`--hours "${spec}": expected "<days> <opens>-<closes>", e.g. "mon-fri 08:00-17:00".`);
    const [, list, opens, closes] = match;
    return days(list!, spec).map((day) => ({ weekday: day, opens: pad(opens!), closes: pad(closes!) }));
  });
}
