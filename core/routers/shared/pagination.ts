import type { ListTotal } from '../../services/sql/bounded-total.query.ts';
import type { ListPageMeta, PageLinks, PageMeta } from './pagination.schema.ts';

export interface PageRequest {
  page: number;
  per_page: number;
}

export function pageMeta({ page, per_page }: PageRequest, total: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / per_page)), per_page, total };
}

/** pageMeta of a depth-limited list, whose total may be an estimate (listTotal). */
export function listPageMeta(request: PageRequest, { total, estimate }: ListTotal): ListPageMeta {
  return { ...pageMeta(request, total), total_is_estimate: estimate };
}

/**
 * Absolute links to the first, last, previous and next pages, keeping the caller's other
 * query parameters (filters) and dropping empty ones. With `maxDepth`, `last` is the last page
 * within the depth limit and `next` is null there.
 */
export function pageLinks(url: string, query: Record<string, unknown>, meta: PageMeta, maxDepth?: number): PageLinks {
  // A depth-limited list (page x per_page at most maxDepth) links no page beyond it.
  const last = Math.min(
    meta.last_page,
    maxDepth === undefined ? meta.last_page : Math.max(1, Math.floor(maxDepth / meta.per_page)),
  );
  const at = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key === 'page' || value === undefined || value === null || value === '') continue;
      params.set(key, String(value));
    }
    params.set('page', String(page));
    return `${url}?${params.toString()}`;
  };
  return {
    first: at(1),
    last: at(last),
    prev: meta.current_page > 1 ? at(Math.min(meta.current_page - 1, last)) : null,
    next: meta.current_page < last ? at(meta.current_page + 1) : null,
  };
}
