import type { MouseEvent } from 'react';
import { format } from '../../core/i18n';
import { pageLinks } from '../../core/search-page-links';
import type { SearchResultsMessages } from './messages';

interface PagingProps {
  current: number;
  totalPages: number;
  /** The address of a page of these results (it works as a link without the element). */
  href: (page: number) => string;
  t: SearchResultsMessages;
  onPage: (page: number) => void;
}

/** A click that opens a new tab or window belongs to the browser. */
const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

/** Links to the pages of results (capped at MAX_TOTAL_PAGES), the current one aria-current="page". */
export function Paging({ current, totalPages, href, t, onPage }: PagingProps) {
  const links = pageLinks(current, totalPages);
  if (links.length === 0) return null;
  const go = (page: number) => (event: MouseEvent) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    onPage(page);
  };
  return (
    <nav className="search-results__paging" aria-label={t.pagingLabel}>
      <ul className="search-results__pages">
        {links.map((link, index) => {
          if (link.kind === 'gap') {
            return (
              <li key={`gap-${index}`} className="search-results__page search-results__page--gap" aria-hidden="true">
                …
              </li>
            );
          }
          const text = link.kind === 'previous' ? t.previous : link.kind === 'next' ? t.next : String(link.page);
          const label =
            link.kind === 'previous' ? t.previousLabel : link.kind === 'next' ? t.nextLabel : format(t.pageLabel, { page: link.page });
          return (
            <li key={`${link.kind}-${link.page}`} className={`search-results__page search-results__page--${link.kind}`}>
              <a
                href={href(link.page)}
                aria-label={label}
                aria-current={link.current ? 'page' : undefined}
                rel={link.kind === 'previous' ? 'prev' : link.kind === 'next' ? 'next' : undefined}
                onClick={go(link.page)}
              >
                {text}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
