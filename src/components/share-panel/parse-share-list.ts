/** What a `<share-panel>` found in its server-rendered markup. */
export interface ShareContent {
  /** Every server node worth keeping (whitespace-only text dropped), in order: moved into the panel. */
  nodes: Node[];
  /** The server's list of share links, when there is one: used instead of building links. */
  list: HTMLUListElement | HTMLOListElement | null;
  /** The list's links (`a[href]`), snapshotted before the nodes move. */
  links: HTMLAnchorElement[];
}

const LIST = 'ul, ol';

function linksOf(list: Element): HTMLAnchorElement[] {
  return Array.from(list.querySelectorAll<HTMLAnchorElement>('a[href]'));
}

/** Finds the first `ul` or `ol` with at least one link among the server nodes (at any depth). */
export function parseShareContent(serverNodes: readonly Node[]): ShareContent {
  const nodes = serverNodes.filter((node) => node.nodeType !== Node.TEXT_NODE || node.textContent?.trim());
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    const candidates = [...(node.matches(LIST) ? [node] : []), ...Array.from(node.querySelectorAll(LIST))];
    const list = candidates.find((candidate) => linksOf(candidate).length > 0);
    if (list) return { nodes, list: list as HTMLUListElement | HTMLOListElement, links: linksOf(list) };
  }
  return { nodes, list: null, links: [] };
}
