import { expect } from 'chai';
import { DateTime } from 'luxon';
import { AppError } from '../../../core/errors/index.ts';
import {
  DAY_RANGES_KEPT,
  dayRangesKept,
  localDayRange,
} from '../../../core/services/workspace/scheduling/local-day-range.ts';

describe('localDayRange: the local days of a calendar read, kept between requests', () => {
  it('answers each local midnight as luxon does, across a DST change (a 23-hour day)', () => {
    const range = localDayRange('2026-03-07', '2026-03-09', 'America/Chicago', 31);
    expect(range.days.map((day) => day.toISO())).to.deep.equal([
      '2026-03-07T00:00:00.000-06:00',
      '2026-03-08T00:00:00.000-06:00',
      '2026-03-09T00:00:00.000-05:00',
    ]);
    expect(range.end.toMillis() - range.days[1]!.toMillis()).to.equal(47 * 3_600_000);
    expect(range.start.toMillis()).to.equal(
      DateTime.fromISO('2026-03-07', { zone: 'America/Chicago' }).startOf('day').toMillis(),
    );
  });

  it('answers the same range for the same days and zone, and another for another zone', () => {
    const first = localDayRange('2026-06-01', '2026-06-07', 'Europe/Paris', 31);
    expect(localDayRange('2026-06-01', '2026-06-07', 'Europe/Paris', 31)).to.equal(first);
    const other = localDayRange('2026-06-01', '2026-06-07', 'Asia/Tokyo', 31);
    expect(other).not.to.equal(first);
    expect(other.start.toISO()).to.equal('2026-06-01T00:00:00.000+09:00');
  });

  it('still refuses a range longer than the caller allows once a longer read has kept it', () => {
    localDayRange('2026-07-01', '2026-07-31', 'UTC', 31);
    expect(() => localDayRange('2026-07-01', '2026-07-31', 'UTC', 7))
      .to.throw(AppError)
      .with.property('message')
      .that.matches(/at most 7 days/);
    expect(() => localDayRange('2026-07-02', '2026-07-01', 'UTC', 31)).to.throw(AppError, /date_to/);
  });

  it('keeps a bounded number of ranges', () => {
    const first = DateTime.fromISO('2026-01-01', { zone: 'UTC' });
    for (let i = 0; i < DAY_RANGES_KEPT * 2; i += 1) {
      const day = first.plus({ days: i }).toISODate()!;
      localDayRange(day, day, 'UTC', 1);
      expect(dayRangesKept()).to.be.at.most(DAY_RANGES_KEPT);
    }
  });
});
