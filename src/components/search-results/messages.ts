import { format, type Messages } from '../../core/i18n';
import { searchMessages } from '../../core/search';

/** `<search-results>`'s own strings; the search core's (the error text, the notice) are accepted too. */
export const searchResultsOwnMessages = {
  /** The search landmark of the page's form. */
  formLabel: 'Search and filter',
  /** The field's label when the server's form gave none; `{siteName}` from the `site-name` attribute. */
  fieldLabel: 'Search {siteName} website',
  fieldLabelWithoutSiteName: 'Search this website',
  submit: 'Search',
  /** The control that shows the facets on phones (wider windows always show them). */
  filterResults: 'Filter results',
  /** Shown before anything is searched for. */
  idle: 'Enter a word or two about what you are looking for.',
  /** The results heading. `{count}` is formatted for the page's language. */
  resultsCount: '{count} results',
  resultCount: '{count} result',
  resultsCountForTerm: '{count} results for “{term}”',
  resultCountForTerm: '{count} result for “{term}”',
  noResults: 'No results',
  noResultsForTerm: 'No results for “{term}”',
  /** The empty state's help. */
  improveResults: 'Improve your search results by:',
  checkSpelling: 'checking your spelling',
  fewerWords: 'using fewer, or more general, words',
  removeFilters: 'removing the filters',
  clearFilters: 'Clear filters',
  /** A page past the last one (an old link). */
  pastLastPage: 'There are only {totalPages} pages of results.',
  lastPageLink: 'Go to the last page',
  sortLabel: 'Sort by',
  sortRelevance: 'Relevance',
  sortNewest: 'Newest',
  sortOldest: 'Oldest',
  sortTitle: 'Title A-Z',
  sizeLabel: 'Results per page',
  /** A facet value and its count. */
  facetValue: '{value} ({count})',
  /** Legends of the kit's default facets (a facet in `config` may bring its own label). */
  facetDocumentType: 'Document type',
  facetTopic: 'Topic',
  /** A result's date. */
  published: 'Published {date}',
  /** Paging. The links show the number; their names say what they are. */
  pagingLabel: 'Results pages',
  previous: 'Previous',
  previousLabel: 'Previous page',
  next: 'Next',
  nextLabel: 'Next page',
  pageLabel: 'Page {page}',
  /** The heading of the error text (the text is the search core's `unexpectedError` and the reason). */
  errorTitle: 'Search is not working right now',
} as const satisfies Messages;

export const searchResultsMessages = { ...searchResultsOwnMessages, ...searchMessages } as const satisfies Messages;
export type SearchResultsMessages = { readonly [Key in keyof typeof searchResultsMessages]: string };

/** "12 results for “rates”", "1 result", "No results for “zzz”". */
export function resultsHeading(total: number, term: string, t: SearchResultsMessages, formatNumber: (n: number) => string): string {
  const values = { count: formatNumber(total), term };
  if (total === 0) return term ? format(t.noResultsForTerm, values) : t.noResults;
  if (total === 1) return format(term ? t.resultCountForTerm : t.resultCount, values);
  return format(term ? t.resultsCountForTerm : t.resultsCount, values);
}

/** The legend of a facet: its own label, the kit's for its default facets, else the field's name. */
export function facetLegend(facet: { field: string; label?: string }, t: SearchResultsMessages): string {
  if (facet.label) return facet.label;
  if (facet.field === 'document_type') return t.facetDocumentType;
  if (facet.field === 'topic') return t.facetTopic;
  return facet.field;
}
