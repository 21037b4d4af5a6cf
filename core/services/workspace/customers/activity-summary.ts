import type { ActivityRow } from './activity.query.ts';

/** Minor units as an amount a person reads: 24560 USD -> "245.60 USD" (JPY has no minor digits). */
function formatMoney(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}

/** One line a person can read about a timeline entry. */
export function activitySummary(row: ActivityRow, currency: string): string {
  const money = formatMoney(Number(row.amount_minor ?? 0), currency);
  switch (row.type) {
    case 'job':
      return `Job #${row.number} "${row.title}" created (${row.status}), total ${money}`;
    case 'visit':
      return `Visit for job #${row.number} "${row.title}" (${row.status})`;
    case 'estimate':
      return `Estimate #${row.number} "${row.title}" (${row.status})`;
    case 'invoice':
      return `Invoice #${row.number} (${row.status}), total ${money}`;
    case 'payment':
      return `Payment of ${money} by ${row.title} (${row.status})`;
    case 'note':
      return `Note by ${row.title} on job #${row.number}: ${row.body}`;
  }
}
