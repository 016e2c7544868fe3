/**
 * Snippets are HTML: escaped text with matches in `<em>...</em>`. Backends promise that; the proxy makes sure,
 * because the kit renders snippets as markup. Everything that is not `<em>`, `</em>` or a character entity is
 * escaped, so a backend that slips raw markup through (a stored `<script>`, a stray `<b>`) cannot reach a page.
 *
 * One regular expression scan finds the allowed tokens and the characters to escape, left to right; plain text
 * between them is copied by the engine, not character by character (a 1,000-result answer has thousands of
 * snippets, all checked on the server's thread).
 */
const TOKEN = /<em>|<\/em>|&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});|[<>&"']/g;
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' };
/** A snippet without these characters has nothing to check. */
const SPECIAL = /[<>&"']/;

export function safeSnippet(snippet: string): string {
  if (!SPECIAL.test(snippet)) return snippet;
  let open = 0;
  const safe = snippet.replace(TOKEN, (token) => {
    if (token === '<em>') {
      open += 1;
      return token;
    }
    if (token === '</em>') {
      // A closing tag with nothing open is text, not markup.
      if (open === 0) return '&lt;/em&gt;';
      open -= 1;
      return token;
    }
    return ESCAPES[token] ?? token;
  });
  return safe + '</em>'.repeat(open);
}
