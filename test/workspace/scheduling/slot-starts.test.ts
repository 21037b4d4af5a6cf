import { expect } from 'chai';
import { DateTime } from 'luxon';
import { earliestStart, nextGridMark, slotStarts } from '../../../core/services/workspace/scheduling/slot-starts.ts';
import {
  intersectSpans,
  spanMinutes,
  subtractSpans,
  unionSpans,
} from '../../../core/services/workspace/scheduling/spans.ts';

const at = (iso: string) => new Date(iso).getTime();
const localClocks = (starts: number[], zone: string) =>
  starts.map((ms) => DateTime.fromMillis(ms, { zone }).toFormat('HH:mm'));

describe('scheduling: span arithmetic and the slot grid', () => {
  it('merges, subtracts and intersects half-open spans', () => {
    const spans = [
      { start: 10, end: 20 },
      { start: 15, end: 25 },
      { start: 25, end: 30 }, // touches: merged
      { start: 40, end: 50 },
    ];
    expect(unionSpans(spans)).to.deep.equal([
      { start: 10, end: 30 },
      { start: 40, end: 50 },
    ]);
    expect(subtractSpans([{ start: 0, end: 100 }], spans)).to.deep.equal([
      { start: 0, end: 10 },
      { start: 30, end: 40 },
      { start: 50, end: 100 },
    ]);
    expect(intersectSpans([{ start: 20, end: 45 }], spans)).to.deep.equal([
      { start: 20, end: 30 },
      { start: 40, end: 45 },
    ]);
    expect(
      spanMinutes([
        { start: 0, end: 90 * 60_000 },
        { start: 30 * 60_000, end: 60 * 60_000 },
      ]),
    ).to.equal(90);
  });

  it('puts the grid on :00 and :30 local in a zone offset by 45 minutes (Asia/Kathmandu, UTC+5:45)', () => {
    // Free 09:10-11:00 local = 03:25Z-05:15Z; 30-minute slots: 09:10, 09:30, 10:00, 10:30.
    const zone = 'Asia/Kathmandu';
    const free = [{ start: at('2026-11-03T03:25:00Z'), end: at('2026-11-03T05:15:00Z') }];
    expect(localClocks(slotStarts(free, 30, zone), zone)).to.deep.equal(['09:10', '09:30', '10:00', '10:30']);
    expect(new Date(nextGridMark(at('2026-11-03T03:25:00Z'), zone)).toISOString()).to.equal('2026-11-03T03:45:00.000Z');
  });

  it('offers nothing in a free span shorter than the duration, and the span start when it fits exactly', () => {
    const zone = 'America/Chicago';
    expect(
      slotStarts([{ start: at('2026-11-03T14:00:00Z'), end: at('2026-11-03T14:59:00Z') }], 60, zone),
    ).to.deep.equal([]);
    expect(
      slotStarts([{ start: at('2026-11-03T14:10:00Z'), end: at('2026-11-03T15:10:00Z') }], 60, zone),
    ).to.deep.equal([at('2026-11-03T14:10:00Z')]);
  });

  it('rounds now up to whole 5 minutes', () => {
    expect(new Date(earliestStart(new Date('2026-11-03T18:07:33.120Z'))).toISOString()).to.equal(
      '2026-11-03T18:10:00.000Z',
    );
    expect(new Date(earliestStart(new Date('2026-11-03T18:10:00.000Z'))).toISOString()).to.equal(
      '2026-11-03T18:10:00.000Z',
    );
  });
});
