import { expect } from 'chai';
import { UsageError } from '../../scripts/admin/command.ts';
import { parseHours } from '../../scripts/admin/hours.ts';

describe('npm run admin: --hours', () => {
  it('expands day names, numbers, lists and ranges into ISO weekday windows, padding the times', () => {
    expect(parseHours(['mon-wed 8:00-12:30', 'Friday,7 10:00 - 24:00'])).to.deep.equal([
      { weekday: 1, opens: '08:00', closes: '12:30' },
      { weekday: 2, opens: '08:00', closes: '12:30' },
      { weekday: 3, opens: '08:00', closes: '12:30' },
      { weekday: 5, opens: '10:00', closes: '24:00' },
      { weekday: 7, opens: '10:00', closes: '24:00' },
    ]);
    expect(parseHours(['tues,thu 09:00-17:00']).map((window) => window.weekday)).to.deep.equal([2, 4]);
  });

  it('refuses what it cannot read as a usage error', () => {
    for (const spec of [
      'mon 09:00',
      'someday 09:00-10:00',
      'mo 09:00-10:00',
      '8 09:00-10:00',
      'fri-mon 09:00-10:00',
      'mon-tue-wed 09:00-10:00',
      '09:00-10:00',
    ]) {
      expect(() => parseHours([spec]), spec).to.throw(UsageError);
    }
  });
});
