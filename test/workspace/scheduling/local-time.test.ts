import { expect } from 'chai';
import { DateTime } from 'luxon';
import {
  localClock,
  localDate,
  localDateTime,
  zoneOffsetsKept,
  ZONE_OFFSETS_KEPT,
} from '../../../core/services/workspace/scheduling/local-time.ts';

/**
 * The business-local strings come from a quarter-hour offset cache (local-time.ts); they must be
 * luxon's, exactly, whatever the zone: around every DST change, in zones whose offsets or changes are
 * on the half or quarter hour, and in one with a 30-minute DST shift.
 */
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Phoenix',
  'Pacific/Honolulu',
  'America/St_Johns',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];

describe('business-local times (the quarter-hour offset cache against luxon)', () => {
  it('matches luxon to the minute for every zone, every 19 minutes and 13 seconds across two DST changes of 2026-2027', () => {
    const start = Date.parse('2026-03-01T00:00:00Z');
    const end = Date.parse('2026-04-15T00:00:00Z');
    const autumn = Date.parse('2026-10-20T00:00:00Z');
    let checked = 0;
    for (const zone of ZONES) {
      for (const [from, to] of [
        [start, end],
        [autumn, autumn + 20 * 86_400_000],
      ] as const) {
        for (let ms = from; ms < to; ms += 19 * 60_000 + 13_000) {
          const local = DateTime.fromMillis(ms, { zone });
          expect(localDateTime(ms, zone), `${zone} ${new Date(ms).toISOString()}`).to.equal(
            local.toFormat("yyyy-MM-dd'T'HH:mm"),
          );
          checked += 1;
        }
      }
      const instant = new Date(Date.parse('2026-11-01T06:59:59.999Z'));
      expect(localClock(instant, zone)).to.equal(DateTime.fromJSDate(instant, { zone }).toFormat('HH:mm'));
      expect(localDate(instant, zone)).to.equal(DateTime.fromJSDate(instant, { zone }).toFormat('yyyy-MM-dd'));
    }
    expect(checked).to.be.greaterThan(40_000);
  });

  it('matches luxon at the very instants of DST changes (the milliseconds either side)', () => {
    for (const [zone, change] of [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['America/St_Johns', '2026-03-08T05:30:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Europe/London', '2026-03-29T01:00:00Z'],
    ] as const) {
      for (const delta of [-60_001, -1, 0, 1, 60_000]) {
        const ms = Date.parse(change) + delta;
        expect(localDateTime(ms, zone), `${zone} ${delta}`).to.equal(
          DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm"),
        );
      }
    }
  });

  it('keeps a bounded number of offsets, and an unknown zone answers as luxon does', () => {
    for (let i = 0; i < ZONE_OFFSETS_KEPT * 2; i += 1) localDateTime(i * 15 * 60_000, 'Europe/Paris');
    expect(zoneOffsetsKept()).to.be.at.most(ZONE_OFFSETS_KEPT);
    expect(localDateTime(0, 'Not/AZone')).to.equal(
      DateTime.fromMillis(0, { zone: 'Not/AZone' }).toFormat("yyyy-MM-dd'T'HH:mm"),
    );
  });
});
