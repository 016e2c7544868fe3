/**
 * Every text the search core produces, in English, overridable (the elements pass their `i18n` overrides on).
 * Placeholders are written `{name}` and filled with `format` from src/core/i18n.ts.
 */
import type { Messages } from '../i18n';

export const searchMessages = {
  /** The screen-reader notice after each search. */
  resultsNotice: 'Showing {start} to {end} results out of {total}',
  /** Appended to the notice when a search term exists. */
  resultsNoticeSearchTerm: ', searching for "{searchTerm}"',
  /** Put in front of a failure's own message in the `error` state. */
  unexpectedError: 'An unexpected error occurred: ',
  /** A driver that can neither search nor suggest, or an action whose handler is missing. */
  missingHandler: 'No {name} handler provided and no Connector provided. You must configure one or the other.',
  /** A connector without an engine name or an endpoint. */
  connectorConfig: 'hostIdentifier or endpointBase, and engineName are required',
  /** fetch itself failed (offline, DNS, blocked). */
  networkError: 'The search service could not be reached ({reason}).',
  /** The proxy answered an error status without a readable reason. */
  httpError: 'The search service answered with HTTP status {status}.',
  /** The proxy answered an error status with App Search's `errors` list. */
  httpErrorDetail: 'The search service answered with HTTP status {status}: {detail}',
  /** The answer was not JSON (an HTML error page, a truncated body). */
  notJson: 'The search service answered with something other than JSON (HTTP status {status}).',
  /** JSON, but not the shape of an App Search answer. */
  unexpectedAnswer: 'The search service answered in an unexpected format.',
} as const satisfies Messages;

export type SearchMessages = { readonly [Key in keyof typeof searchMessages]: string };
