import type { PageLinks, PageMeta } from './pagination.schema.ts';

export interface PageRequest {
  page: number;
  per_page: number;
}

export function pageMeta({ page, per_page }: PageRequest, total: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / per_page)), per_page, total };
}

/**
 * Absolute links to the first, last, previous and next pages, keeping the caller's other
 * query parameters (filters) and dropping empty ones.
 */
export function pageLinks(url: string, query: Record<string, unknown>, meta: PageMeta): PageLinks {
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
    last: at(meta.last_page),
    prev: meta.current_page > 1 ? at(Math.min(meta.current_page - 1, meta.last_page)) : null,
    next: meta.current_page < meta.last_page ? at(meta.current_page + 1) : null,
  };
}
