import type { TextAnalyzer } from './languages';
import { composed, englishAnalyzer } from './text-analysis';

/** App Search's default snippet length, and the range it accepts. */
export const DEFAULT_SNIPPET_SIZE = 100;
export const MIN_SNIPPET_SIZE = 20;
export const MAX_SNIPPET_SIZE = 1000;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

export interface SnippetOptions {
  /** Visible characters, at most (App Search `snippet.size`). */
  size?: number;
  /** Without any match: the start of the text (true, App Search's default) or null. */
  fallback?: boolean;
}

/**
 * An HTML-safe extract of `text`, about `size` characters around its first matching word, with every matching word
 * in the extract wrapped in `<em>`, spelled as written. Whitespace runs become single spaces; the extract starts and
 * ends on word boundaries where it can. `isMatch` receives each word as the engine's analyzer folds it (lowercase,
 * no diacritics); a joined word ("Kai-hautū") is marked whole when it matched whole, else its parts that matched.
 */
export function snippet(
  text: string,
  isMatch: (word: string) => boolean,
  { size = DEFAULT_SNIPPET_SIZE, fallback = true }: SnippetOptions = {},
  analyzer: TextAnalyzer = englishAnalyzer,
): string | null {
  const length = Math.min(MAX_SNIPPET_SIZE, Math.max(MIN_SNIPPET_SIZE, Math.floor(size)));
  const flat = composed(text).replace(/\s+/g, ' ').trim();
  const matches: [start: number, end: number][] = [];
  for (const span of analyzer.spans(flat)) {
    if (isMatch(span.word)) matches.push([span.start, span.end]);
    else for (const part of span.parts ?? []) if (isMatch(part.word)) matches.push([part.start, part.end]);
  }
  if (matches.length === 0) return fallback ? escapeHtml(clipEnd(flat, 0, length)) : null;

  const [firstStart, firstEnd] = matches[0];
  // Some words of context before the first match, unless the match sits near the end of the text.
  let start = Math.max(0, Math.min(firstStart - Math.floor((length - (firstEnd - firstStart)) / 4), flat.length - length));
  if (start > 0) {
    const nextSpace = flat.indexOf(' ', start - 1);
    if (nextSpace !== -1 && nextSpace < firstStart) start = nextSpace + 1;
  }
  const extract = clipEnd(flat, start, length);
  const end = start + extract.length;

  let html = '';
  let cursor = start;
  for (const [matchStart, matchEnd] of matches) {
    if (matchStart < start || matchEnd > end) continue;
    html += `${escapeHtml(flat.slice(cursor, matchStart))}<em>${escapeHtml(flat.slice(matchStart, matchEnd))}</em>`;
    cursor = matchEnd;
  }
  return html + escapeHtml(flat.slice(cursor, end));
}

/** Up to `length` characters from `start`, cut back to the last word boundary when the text goes on. */
function clipEnd(text: string, start: number, length: number): string {
  if (text.length - start <= length) return text.slice(start);
  const piece = text.slice(start, start + length);
  const lastSpace = piece.lastIndexOf(' ');
  return (lastSpace > length / 2 ? piece.slice(0, lastSpace) : piece).trimEnd();
}
