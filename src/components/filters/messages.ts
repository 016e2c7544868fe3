import { dateFieldMessages } from '../date-field/messages';

/** Strings of the in-place reload, shared by both elements (each names what it lists). */
const reloadMessages = {
  resultsFound: '{count} results found',
  resultsFoundOne: '1 result found',
  noResults: 'No results found',
  resultsUpdated: 'Results updated',
  updateFailed: 'Could not update the results. Check your connection and try again, or use the Apply filters button.',
};

export const listingFiltersMessages = { ...reloadMessages };

export const docFiltersMessages = {
  ...reloadMessages,
  resultsFound: '{count} documents found',
  resultsFoundOne: '1 document found',
  noResults: 'No documents found',
  /** After a dropdown's name when filters in it are chosen. */
  selectedCount: '{count} selected',
  ...dateFieldMessages,
};

export type ReloadMessages = typeof reloadMessages;
