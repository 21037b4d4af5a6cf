import { expect } from 'chai';

interface CursorPage<Item> {
  items: Item[];
  next_cursor: string | null;
}

/** Every page of a list, following next_cursor; fails on a runaway loop. */
export async function allPages<Item>(
  fetch: (cursor: string | undefined) => Promise<CursorPage<Item>>,
): Promise<Item[][]> {
  const pages: Item[][] = [];
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    pages.push(page.items);
    cursor = page.next_cursor ?? undefined;
    if (pages.length > 50) throw new Error('pagination does not end');
  } while (cursor !== undefined);
  return pages;
}

/** The ids of every page of a list, following next_cursor; checks that each page but the last is full. */
export async function walk<Item extends { id: string }>(
  fetch: (cursor?: string) => Promise<CursorPage<Item>>,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetch(cursor);
    expect(page.items.length).to.be.at.most(limit);
    ids.push(...page.items.map((item) => item.id));
    if (page.next_cursor === null) return ids;
    expect(page.items.length).to.equal(limit);
    cursor = page.next_cursor;
  }
}
