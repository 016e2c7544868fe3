/** @jsxImportSource hono/jsx */

/**
 * A manifest description (Markdown from the READMEs and JSDoc) as text: `code` spans become <code>, links keep
 * their text, emphasis marks go. Everything is escaped by JSX: nothing in a description becomes markup.
 */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part) =>
          part.length > 2 && part.startsWith('`') && part.endsWith('`') ? <code>{part.slice(1, -1)}</code> : plainText(part),
        )}
    </>
  );
}

const plainText = (markdown: string) =>
  markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1$2');

/** The first sentence of a description, for the index. */
export function firstSentence(text: string): string {
  const end = /[.!?](?=\s+[A-Z`(<])/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}
