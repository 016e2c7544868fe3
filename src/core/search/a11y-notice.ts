/** The screen-reader notice after a search: "Showing X to Y results out of N, searching for "term"". */
import { format } from '../i18n';
import { searchMessages, type SearchMessages } from './messages';

export interface ResultsNoticeValues {
  start: number;
  end: number;
  totalResults: number;
  searchTerm: string;
}

export function resultsNotice(
  { start, end, totalResults, searchTerm }: ResultsNoticeValues,
  messages: Pick<SearchMessages, 'resultsNotice' | 'resultsNoticeSearchTerm'> = searchMessages,
): string {
  const notice = format(messages.resultsNotice, { start, end, total: totalResults });
  return searchTerm ? notice + format(messages.resultsNoticeSearchTerm, { searchTerm }) : notice;
}
