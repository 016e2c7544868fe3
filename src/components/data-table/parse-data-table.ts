/** The parts of `<data-table>` server markup the element works with. */
export interface ParsedDataTable {
  /** The child that holds the table (the table itself, or a wrapper around it): it goes into the scroll region. */
  content: Node[];
  /** The table's caption, which names the scroll region. */
  caption: HTMLTableCaptionElement | null;
  /** Server nodes before and after the table, kept outside the scroll region. */
  before: Node[];
  after: Node[];
  /** Every server node, for rendering them untouched when there is no table. */
  all: Node[];
}

const holdsTable = (node: Node): node is Element =>
  node instanceof HTMLTableElement || (node instanceof Element && node.querySelector('table') !== null);

/**
 * Reads `<data-table>` children: the first child that is (or holds) a table is what scrolls; whatever
 * the server put around it stays around it.
 */
export function parseDataTable(nodes: readonly Node[]): ParsedDataTable {
  const all = [...nodes];
  const index = all.findIndex(holdsTable);
  if (index < 0) return { content: [], caption: null, before: [], after: [], all };
  const holder = all[index] as Element;
  const table = holder instanceof HTMLTableElement ? holder : holder.querySelector('table')!;
  return { content: [holder], caption: table.caption, before: all.slice(0, index), after: all.slice(index + 1), all };
}
