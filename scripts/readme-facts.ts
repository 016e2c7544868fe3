/**
 * What a component README says about one of its elements, for the manifest (plain text work, no TypeScript):
 * its description (the first paragraph), its demo (the first `html` example of the tag) and the descriptions
 * in its attribute table.
 */

/**
 * The first paragraph that is not a heading, on one line. A paragraph that introduces what follows it (a table,
 * a list) ends with a colon: it ends with a full stop here, where it stands alone.
 */
export function readmeDescription(readme: string): string {
  const first = readme.split(/\n\s*\n/).find((paragraph) => !paragraph.trimStart().startsWith('#'));
  return (first ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/:$/, '.');
}

/**
 * The first ```html block that uses the tag (a folder may hold several elements, each with its own example), as
 * written, without its fences.
 */
export function demoMarkup(readme: string, tag: string): string | undefined {
  const usesTag = new RegExp(`<${tag}[\\s>/]`);
  for (const [, body] of readme.matchAll(/^```html[^\n]*\n([\s\S]*?)^```\s*$/gm)) {
    if (usesTag.test(body)) return body.replace(/\s+$/, '');
  }
  return undefined;
}

type Row = string[];

/** A Markdown table row's cells, `\|` kept as a literal bar. */
const cellsOf = (line: string): Row =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));

function tablesIn(readme: string): { header: Row; rows: Row[] }[] {
  const tables: { header: Row; rows: Row[] }[] = [];
  const lines = readme.split('\n');
  for (let index = 0; index + 1 < lines.length; index++) {
    if (!lines[index].trimStart().startsWith('|') || !/^\s*\|?\s*:?-{3,}/.test(lines[index + 1])) continue;
    const header = cellsOf(lines[index]);
    const rows: Row[] = [];
    index += 2;
    while (index < lines.length && lines[index].trimStart().startsWith('|')) rows.push(cellsOf(lines[index++]));
    tables.push({ header, rows });
  }
  return tables;
}

/** Headers of a last column that describes the attribute (not, say, its default value). */
const DESCRIPTION_HEADERS = new Set(['', 'meaning', 'description']);

/**
 * Attribute descriptions from the README's attribute tables: the rows' attribute names (in backticks; one row
 * may name several) and their last column. In a table with an `Element` column (a README shared by several
 * elements), rows that name only other tags are skipped.
 */
export function attributeDescriptions(readme: string, tag: string): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const { header, rows } of tablesIn(readme)) {
    const lower = header.map((cell) => cell.toLowerCase());
    const nameColumn = lower.indexOf('attribute');
    const elementColumn = lower.indexOf('element');
    if (nameColumn < 0 || !DESCRIPTION_HEADERS.has(lower[lower.length - 1])) continue;
    for (const row of rows) {
      const tags = elementColumn < 0 ? [] : [...(row[elementColumn] ?? '').matchAll(/<([a-z][\w-]*)>/g)].map(([, name]) => name);
      if (tags.length > 0 && !tags.includes(tag)) continue;
      const description = row[row.length - 1];
      if (!description) continue;
      for (const [, name] of (row[nameColumn] ?? '').matchAll(/`([a-z][\w-]*)`/g)) descriptions.set(name, description);
    }
  }
  return descriptions;
}
