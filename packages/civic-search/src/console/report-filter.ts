import type { ReportScope } from '../analytics/types';
import { REQUEST_LIMITS } from '../search-proxy/limits';
import { reportRange, type ReportRange } from './report-range';

/** No search was recorded with a longer tag: the proxy refuses them. */
const MAX_TAG_LENGTH = REQUEST_LIMITS.tagMaxLength;

/** What every report page is filtered by, as its form and its address hold it: a date range and a tag. */
export interface ReportFilter extends ReportRange {
  /** The tag as typed (trimmed; '' for every search). */
  tag: string;
  /** The store's scope for the filter, without the engine. */
  scope: Pick<ReportScope, 'range' | 'allTags'>;
}

/**
 * A report's filter from its address (`from`, `to`, `tag`). A tag keeps only the searches sent with it; an empty one
 * keeps every search. A problem with a field is the page's to show, beside the fields as typed.
 */
export function reportFilter(query: (name: string) => string | undefined, now: number): ReportFilter {
  const range = reportRange(query('from'), query('to'), now);
  const tag = (query('tag') ?? '').trim();
  const problem = range.problem ?? (tag.length > MAX_TAG_LENGTH ? `A tag has at most ${MAX_TAG_LENGTH} characters.` : undefined);
  return {
    ...range,
    problem,
    tag,
    scope: { range: range.range, ...(tag && { allTags: [tag] }) },
  };
}

/** The address part that keeps a filter when a report links to another (`?from=…&to=…`, `&tag=…` when one is set). */
export function filterSearch(filter: Pick<ReportFilter, 'fields' | 'tag'>): string {
  const params = new URLSearchParams({ from: filter.fields.from, to: filter.fields.to });
  if (filter.tag) params.set('tag', filter.tag);
  return `?${params}`;
}
