import { findNavigationList, navigationTree, type NavNode } from '../../core/navigation-tree';

/** A top-level item that has a child list: it gets a button and a panel. */
export interface MenuSection {
  /** Position among the top-level items. */
  index: number;
  node: NavNode<HTMLElement>;
  /** The item's own nodes, as the server wrote them: they move into the panel (the link keeps its place first). */
  panelNodes: Node[];
  /** For an item without a link: its label element, which moves into the button. */
  buttonNodes: Node[];
  /** The link's `class` as the server wrote it: the button takes it, so the site's top-level link styles apply. */
  linkClass: string;
}

export interface MegaMenuContent {
  /** The navigation list (the element's first `ul`/`ol`, at any depth), or null. */
  list: HTMLElement | null;
  /** Every top-level item, in order. */
  items: NavNode<HTMLElement>[];
  /** The top-level items with a child list. */
  sections: MenuSection[];
  /** The server nodes worth keeping (whitespace-only text dropped): they stay where they are, inside the element. */
  nodes: Node[];
}

/** Reads `<mega-menu>`'s server markup: a `<nav>` holding the site's nested list, or the list itself. */
export function parseMegaMenu(serverNodes: readonly Node[]): MegaMenuContent {
  const nodes = serverNodes.filter((node) => node.nodeType !== Node.TEXT_NODE || node.textContent?.trim());
  let list: HTMLElement | null = null;
  for (const node of nodes) {
    if (node instanceof HTMLElement && (list = findNavigationList(node))) break;
  }
  const items = list ? navigationTree(list) : [];
  const sections = items.flatMap((node, index): MenuSection[] => {
    if (node.children.length === 0) return [];
    const own = Array.from(node.item.childNodes);
    const label = node.link ? null : node.labelElement;
    return [
      {
        index,
        node,
        panelNodes: own.filter((child) => child !== label),
        buttonNodes: label ? [label] : [],
        linkClass: node.link?.className ?? '',
      },
    ];
  });
  return { list, items, sections, nodes };
}
