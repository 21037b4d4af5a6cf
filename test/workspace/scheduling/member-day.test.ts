import { expect } from 'chai';
import { localDayRange } from '../../../core/services/workspace/scheduling/local-day-range.ts';
import { touchingEachDay } from '../../../core/services/workspace/scheduling/member-day.ts';

const item = (name: string, start: string, end: string) => ({ name, start: new Date(start), end: new Date(end) });

describe('touchingEachDay: the visits and time off of each day of a calendar', () => {
  // Chicago, 7-9 March 2026: the 8th is 23 hours long (DST starts at 02:00 local).
  const { days } = localDayRange('2026-03-07', '2026-03-09', 'America/Chicago', 31);

  it('puts each item in every day it overlaps, and in no other, as the overlap test does', () => {
    const items = [
      item('before the range', '2026-03-06T20:00:00Z', '2026-03-07T05:00:00Z'),
      item('across the range start', '2026-03-07T05:30:00Z', '2026-03-07T07:00:00Z'),
      item('across midnight of the 8th', '2026-03-08T05:00:00Z', '2026-03-08T07:00:00Z'),
      item('ends at local midnight', '2026-03-08T04:00:00Z', '2026-03-08T06:00:00Z'),
      item('starts at local midnight', '2026-03-09T05:00:00Z', '2026-03-09T06:00:00Z'),
      item('two days long', '2026-03-07T12:00:00Z', '2026-03-09T12:00:00Z'),
      item('after the range', '2026-03-10T05:00:00Z', '2026-03-10T06:00:00Z'),
      item('an instant at midnight', '2026-03-08T06:00:00Z', '2026-03-08T06:00:00Z'),
    ];
    const byDay = touchingEachDay(days, items);
    const expected = days.map((day) => {
      const start = day.toMillis();
      const end = day.plus({ days: 1 }).startOf('day').toMillis();
      return items.filter((x) => x.start.getTime() < end && x.end.getTime() > start).map((x) => x.name);
    });
    expect(byDay.map((list) => list.map((x) => x.name))).to.deep.equal(expected);
    expect(expected).to.deep.equal([
      ['across the range start', 'across midnight of the 8th', 'ends at local midnight', 'two days long'],
      ['across midnight of the 8th', 'two days long'],
      ['starts at local midnight', 'two days long'],
    ]);
  });

  it('keeps the items in their given order within a day, sorted or not', () => {
    const late = item('late', '2026-03-07T20:00:00Z', '2026-03-07T21:00:00Z');
    const early = item('early', '2026-03-07T14:00:00Z', '2026-03-07T15:00:00Z');
    expect(touchingEachDay(days, [late, early])[0]).to.deep.equal([late, early]);
    expect(touchingEachDay(days, [])).to.deep.equal([[], [], []]);
  });
});
