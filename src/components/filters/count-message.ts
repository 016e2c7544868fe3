import { format } from '../../core/i18n';
import type { ReloadMessages } from './messages';

/** "12 documents found", "1 document found", "No documents found", or "Results updated" without a count. */
export function countMessage(count: number | null, t: ReloadMessages): string {
  if (count === null) return t.resultsUpdated;
  if (count === 0) return t.noResults;
  if (count === 1) return t.resultsFoundOne;
  return format(t.resultsFound, { count });
}
