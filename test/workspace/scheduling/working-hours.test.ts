import { expect } from 'chai';
import type { DateTime } from 'luxon';
import { localDayRange } from '../../../core/services/workspace/scheduling/local-day-range.ts';
import { workingSpansOn } from '../../../core/services/workspace/scheduling/working-hours.ts';

/**
 * Working windows become instants without luxon on a day whose offset does not change
 * (working-hours.ts); they must be luxon's exactly, on every day of 2026, in zones whose DST
 * changes fall at 02:00, at midnight (so the day starts at 01:00: America/Santiago, America/Havana,
 * Asia/Beirut), on the half hour or by 30 minutes (Australia/Lord_Howe), and in zones without DST.
 */
const ZONES = [
  'UTC',
  'America/Chicago',
  'America/St_Johns',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Europe/London',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];
const CLOCKS = ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '08:15', '12:00', '23:45'];

/** What luxon alone says of the window: the wall clock set on the day, 24:00 the next local midnight. */
function byLuxon(day: DateTime, clock: string): number {
  if (clock === '24:00') return day.plus({ days: 1 }).startOf('day').toMillis();
  const [hour, minute] = clock.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 }).toMillis();
}

describe('working hours as instants (the steady-day shortcut against luxon)', () => {
  it('matches luxon for every day of 2026, every zone, from each clock to the next and to 24:00', () => {
    let compared = 0;
    for (const zone of ZONES) {
      {
        const range = localDayRange('2026-01-01', '2026-12-31', zone, 366);
        for (const day of range.days) {
          for (const [index, start] of CLOCKS.entries()) {
            const end = CLOCKS[index + 1] ?? '24:00';
            const hours = [{ weekday: day.weekday, start, end }];
            const expected = { start: byLuxon(day, start), end: byLuxon(day, end) };
            const [span] = workingSpansOn(day, hours);
            const label = `${zone} ${day.toISODate()} ${start}-${end}`;
            if (expected.end > expected.start) expect(span, label).to.deep.equal(expected);
            else expect(span, label).to.equal(undefined);
            compared += 1;
          }
        }
      }
    }
    expect(compared).to.equal(ZONES.length * 365 * CLOCKS.length);
  });
});
