import { samNotice, type SamNotice } from '../../scripts/dev/sam-gov-double.ts';

const DAY = 86_400_000;

/** The bench's notices: `count` of them spread over the 300 days before `now` (one sync window). */
export function samBenchNotices(baseUrl: string, count: number, now: number): SamNotice[] {
  return Array.from({ length: count }, (_, i) =>
    samNotice(baseUrl, i, {
      postedDate: `${new Date(now - (1 + (i % 300)) * DAY).toISOString().slice(0, 10)} 10:00:00+00`,
      title: `Facility maintenance services ${i}`,
    }),
  );
}
