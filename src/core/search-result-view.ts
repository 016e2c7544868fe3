/**
 * One search result (an App Search result: every field `{ raw, snippet }`) as what a results page shows: the
 * title, a link only to a safe address, the type, the date and the description's snippet as text runs.
 */
import { formatDisplayDate, parseIsoDate } from './dates';
import type { ApiResult } from './search/app-search-api';
import type { SearchResultsConfig } from './search-results-config';
import { snippetParts, type SnippetPart } from './search-snippet';

export interface ResultView {
  id: string;
  title: string;
  /** Undefined when the result's address is not one a page should link to. */
  href?: string;
  type: string;
  /** The date as given (yyyy-mm-dd), for `<time datetime>`; empty without a readable date. */
  dateIso: string;
  /** The date as visitors read it (dd/mm/yyyy). */
  date: string;
  /** The texts of the configured meta fields that have one (e.g. the topic). */
  meta: string[];
  description: SnippetPart[];
}

type Field = { raw?: unknown; snippet?: unknown };

function fieldOf(result: ApiResult, name: string): Field {
  const value = Object.prototype.hasOwnProperty.call(result, name) ? result[name] : undefined;
  return typeof value === 'object' && value !== null ? (value as Field) : {};
}

function rawText(result: ApiResult, name: string): string {
  const raw = fieldOf(result, name).raw;
  if (typeof raw === 'string') return raw.trim();
  return typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
}

/** A site path (`/...`, not `//host`) or an http(s) address; anything else (`javascript:`, `data:`) is no link. */
export function safeHref(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) return trimmed;
  return /^https?:\/\/[^\s]+$/i.test(trimmed) ? trimmed : undefined;
}

/** The first snippet with a match; else the last field's snippet (its text when the backend sent no snippet). */
function description(result: ApiResult, fields: readonly string[]): SnippetPart[] {
  for (const name of fields) {
    const parts = snippetParts(fieldOf(result, name).snippet);
    if (parts.some((part) => part.highlighted)) return parts;
  }
  const last = fields.at(-1);
  if (last === undefined) return [];
  const parts = snippetParts(fieldOf(result, last).snippet);
  if (parts.length > 0) return parts;
  const text = rawText(result, last);
  return text ? [{ text, highlighted: false }] : [];
}

export function resultView(result: ApiResult, config: SearchResultsConfig): ResultView {
  const id = typeof result?._meta?.id === 'string' ? result._meta.id : rawText(result, 'id');
  const dateIso = rawText(result, config.dateField).slice(0, 10);
  const parsed = parseIsoDate(dateIso);
  const href = safeHref(rawText(result, config.urlField));
  return {
    id,
    title: rawText(result, config.titleField) || id,
    ...(href !== undefined && { href }),
    type: rawText(result, config.typeField),
    dateIso: parsed ? dateIso : '',
    date: parsed ? formatDisplayDate(parsed) : '',
    meta: config.metaFields.map((field) => rawText(result, field)).filter(Boolean),
    description: description(result, config.snippetFields),
  };
}
