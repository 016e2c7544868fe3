/**
 * Search result snippets as text runs. A backend's snippet is HTML-safe text with the matched words in
 * `<em>...</em>` (App Search's format). The elements never render it as markup: it is split here into runs of
 * plain text, each marked highlighted or not, and rendered as text nodes and `<mark>` elements.
 */

/** A run of snippet text, highlighted when the search matched it. */
export interface SnippetPart {
  text: string;
  highlighted: boolean;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi;
const EMPHASIS_SPLIT = /(<\/?em\s*>)/i;
const EMPHASIS_TAG = /^<\/?em\s*>$/i;

/** Character references back to characters; an unknown or invalid one stays as written. */
export function decodeEntities(html: string): string {
  return html.replace(ENTITY, (entity, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = hex ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : entity;
  });
}

/**
 * Splits a snippet into text runs. `<em>` opens a highlight and `</em>` closes it (nesting counts); a closing tag
 * with nothing open, and any other tag, is shown as the text it is. Neighbouring runs of the same kind are joined.
 */
export function snippetParts(snippet: unknown): SnippetPart[] {
  if (typeof snippet !== 'string' || snippet === '') return [];
  const parts: SnippetPart[] = [];
  let depth = 0;
  const add = (text: string, highlighted: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.highlighted === highlighted) last.text += text;
    else parts.push({ text, highlighted });
  };
  for (const piece of snippet.split(EMPHASIS_SPLIT)) {
    if (EMPHASIS_TAG.test(piece)) {
      const closing = piece[1] === '/';
      if (!closing) {
        depth += 1;
        continue;
      }
      if (depth > 0) {
        depth -= 1;
        continue;
      }
    }
    add(decodeEntities(piece), depth > 0);
  }
  return parts;
}

/** The plain text of a snippet, as a screen reader or a test reads it. */
export function snippetText(snippet: unknown): string {
  return snippetParts(snippet)
    .map((part) => part.text)
    .join('');
}
