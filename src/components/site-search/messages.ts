import { format, type Messages } from '../../core/i18n';
import { searchMessages, type SearchMessages } from '../../core/search';

/** `<site-search>`'s own strings; the search core's (errors) are accepted in the same `i18n` object. */
export const siteSearchOwnMessages = {
  /** The field's label when the element writes its own form; `{siteName}` from the `site-name` attribute. */
  label: 'Search {siteName} website',
  /** The label without a `site-name`. */
  labelWithoutSiteName: 'Search this website',
  /** The field's placeholder when the element writes its own form; `{shortName}` from `short-name`. */
  placeholder: 'Search {shortName}',
  /** The submit button of the element's own form. */
  submit: 'Search',
  /** The header search toggle (narrow windows). */
  toggle: 'Search',
  /** Above the suggested queries; it also names the list. */
  suggestionsHeading: 'Suggested queries:',
  /** Announced politely when suggestions arrive. */
  suggestionsCount: '{count} suggestions',
  oneSuggestion: '1 suggestion',
  noSuggestions: 'No suggestions',
} as const satisfies Messages;

export const siteSearchMessages = { ...siteSearchOwnMessages, ...searchMessages } as const satisfies Messages;
export type SiteSearchMessages = { readonly [Key in keyof typeof siteSearchMessages]: string };

/** Only the search core's keys: the driver and connector warn about any other. */
export function coreMessages(messages: Readonly<Record<string, string>>): Partial<SearchMessages> {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(searchMessages)) if (typeof messages[key] === 'string') picked[key] = messages[key];
  return picked as Partial<SearchMessages>;
}

/** "No suggestions", "1 suggestion", "5 suggestions". */
export function suggestionCountText(count: number, t: SiteSearchMessages): string {
  if (count === 0) return t.noSuggestions;
  return count === 1 ? t.oneSuggestion : format(t.suggestionsCount, { count });
}
