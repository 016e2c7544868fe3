/**
 * Snippets are HTML: escaped text with matches in `<em>...</em>`. Backends promise that; the proxy makes sure,
 * because the kit renders snippets as markup. Everything that is not `<em>`, `</em>` or a character entity is
 * escaped, so a backend that slips raw markup through (a stored `<script>`, a stray `<b>`) cannot reach a page.
 */
const SAFE_TOKEN = /<em>|<\/em>|&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});/y;
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' };

export function safeSnippet(snippet: string): string {
  let safe = '';
  let open = 0;
  for (let index = 0; index < snippet.length;) {
    SAFE_TOKEN.lastIndex = index;
    const token = SAFE_TOKEN.exec(snippet)?.[0];
    if (token === '<em>') open += 1;
    if (token === '</em>' && open === 0) {
      // A closing tag with nothing open is text, not markup.
      safe += '&lt;/em&gt;';
      index += token.length;
      continue;
    }
    if (token === '</em>') open -= 1;
    if (token) {
      safe += token;
      index += token.length;
      continue;
    }
    const character = snippet[index];
    safe += ESCAPES[character] ?? character;
    index += 1;
  }
  return safe + '</em>'.repeat(open);
}
