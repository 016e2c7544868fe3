/** @jsxImportSource hono/jsx */
import { searchPageHref, type SearchPageQuery } from './search-page-query';
import { useSearchPageSettings } from './settings';

/** The first, the last and two either side of the current page, with gaps between. */
export function pageNumbers(current: number, totalPages: number): Array<number | 'gap'> {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, totalPages])]
    .filter((page) => page >= 1 && page <= totalPages)
    .sort((a, b) => a - b);
  return shown.flatMap((page, index) => (index > 0 && page - shown[index - 1] > 1 ? ['gap' as const, page] : [page]));
}

/** Links to the pages of results (at most the capped number of pages), the current one marked aria-current="page". */
export function SearchPaging({ query, totalPages }: { query: SearchPageQuery; totalPages: number }) {
  const { path } = useSearchPageSettings();
  if (totalPages <= 1) return null;
  const current = Math.min(query.current, totalPages);
  const href = (page: number) => searchPageHref(path, query, { current: page });
  return (
    <nav class="filters__pagination" aria-label="Results pages">
      <ul class="filters__pages">
        {current > 1 && (
          <li class="filters__page filters__page--previous">
            <a href={href(current - 1)} rel="prev">
              Previous<span class="civic-visually-hidden"> page</span>
            </a>
          </li>
        )}
        {pageNumbers(current, totalPages).map((page) =>
          page === 'gap' ? (
            <li class="filters__page filters__page--gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li class="filters__page">
              <a href={href(page)} aria-current={page === query.current ? 'page' : undefined}>
                <span class="civic-visually-hidden">Page </span>
                {page}
              </a>
            </li>
          ),
        )}
        {current < totalPages && (
          <li class="filters__page filters__page--next">
            <a href={href(current + 1)} rel="next">
              Next<span class="civic-visually-hidden"> page</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
