import type { BusinessHours } from '../../../orm/entities/accounts/business.ts';

function minutes(time: string): number {
  const [hours, mins] = time.split(':').map(Number);
  return hours! * 60 + mins!;
}

/**
 * Orders opening windows by weekday and time, and says what is wrong with them: a window must
 * close after it opens (same day; "24:00" closes at midnight) and must not overlap another
 * window of the same day. Answers the problem with the index of the offending window.
 */
export function checkBusinessHours(
  hours: readonly BusinessHours[],
): { sorted: BusinessHours[] } | { index: number; message: string } {
  for (const [index, window] of hours.entries()) {
    if (window.opens === '24:00') return { index, message: 'opens must be a time of the day, 00:00 to 23:59.' };
    if (minutes(window.closes) <= minutes(window.opens))
      return { index, message: `closes (${window.closes}) must be after opens (${window.opens}) on the same day.` };
  }
  const order = hours.map((window, index) => ({ window, index }));
  order.sort((a, b) => a.window.weekday - b.window.weekday || minutes(a.window.opens) - minutes(b.window.opens));
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1]!.window;
    const current = order[i]!;
    if (current.window.weekday === previous.weekday && minutes(current.window.opens) < minutes(previous.closes)) {
      return { index: current.index, message: `overlaps another opening window of weekday ${current.window.weekday}.` };
    }
  }
  return {
    sorted: order.map(({ window }) => ({ weekday: window.weekday, opens: window.opens, closes: window.closes })),
  };
}
