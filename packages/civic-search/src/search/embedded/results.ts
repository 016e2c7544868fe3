import type { ApiResult, ApiSearchRequest } from 'civic-elements/core';
import type { SiteDocument } from '../types';
import type { TextAnalyzer } from './languages';
import { snippet } from './snippets';

type ResultFields = ApiSearchRequest['result_fields'];
type FieldEntry = { raw?: unknown; snippet?: string | null };

/**
 * A result in App Search's shape. Without `result_fields`, every field comes back raw. With them, each listed field
 * comes back as asked: `raw` (cut to `raw.size` characters when given), `snippet` (HTML-safe, matches in `<em>`),
 * or both; a field asked with neither comes back raw. `id` is always there, and `_meta { id, engine, score }`.
 */
export function buildResult(
  document: SiteDocument,
  match: { score: number; isMatch: (word: string) => boolean; analyzer?: TextAnalyzer },
  engine: string,
  resultFields: ResultFields,
): ApiResult {
  const fields: Record<string, FieldEntry> = {};
  const values = document as unknown as Record<string, unknown>;
  const requested = resultFields && Object.keys(resultFields).length > 0 ? resultFields : undefined;
  if (!requested) {
    for (const [field, value] of Object.entries(values)) fields[field] = { raw: value };
  } else {
    for (const [field, options] of Object.entries(requested)) {
      if (!(field in values)) continue;
      const value = values[field];
      const entry: FieldEntry = {};
      const wantsSnippet = options?.snippet !== undefined;
      if (options?.raw !== undefined || !wantsSnippet) entry.raw = cut(value, options?.raw?.size);
      if (wantsSnippet) {
        entry.snippet =
          typeof value === 'string'
            ? snippet(value, match.isMatch, { size: options.snippet?.size, fallback: options.snippet?.fallback }, match.analyzer)
            : null;
      }
      fields[field] = entry;
    }
    fields.id = { ...fields.id, raw: document.id };
  }
  return { ...fields, _meta: { id: document.id, engine, score: match.score } } as ApiResult;
}

function cut(value: unknown, size: number | undefined): unknown {
  return typeof value === 'string' && size !== undefined && size > 0 && value.length > size ? value.slice(0, size) : value;
}
