import { safeSnippet } from '../search-proxy/safe-snippet';

/** A run of snippet text, highlighted when the search matched it. */
export interface SnippetPart {
  text: string;
  highlighted: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name] ?? entity;
  });
}

/**
 * A snippet (HTML-safe text with matches in `<em>`) as plain text runs, so the page renders text nodes and
 * highlight elements and never markup it was given. The snippet is made safe first: anything but `<em>` is text.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let depth = 0;
  for (const piece of safeSnippet(snippet).split(/(<\/?em>)/)) {
    if (piece === '<em>' || piece === '</em>') {
      depth += piece === '<em>' ? 1 : -1;
      continue;
    }
    const highlighted = depth > 0;
    const text = decodeEntities(piece);
    if (!text) continue;
    const last = parts.at(-1);
    if (last && last.highlighted === highlighted) last.text += text;
    else parts.push({ text, highlighted });
  }
  return parts;
}
