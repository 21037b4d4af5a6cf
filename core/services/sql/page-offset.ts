/** The rows an offset-paginated list skips to reach `page` (1-based) of `per_page` rows. */
export function pageOffset({ page, per_page }: { page: number; per_page: number }): number {
  return (page - 1) * per_page;
}
