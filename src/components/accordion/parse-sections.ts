/** One section of server-rendered accordion markup: a heading and the content under it. */
export interface AccordionSection {
  /** The server's heading element (h2 to h6): its level, id and class are kept. */
  heading: HTMLHeadingElement;
  /** The heading's child nodes: they become the button label. */
  label: Node[];
  /** The heading's text, for events. */
  title: string;
  /** Everything in the section after the heading. */
  content: Node[];
  /** The section was marked `data-open` by the server. */
  initiallyOpen: boolean;
}

export interface ParsedAccordion {
  sections: AccordionSection[];
  /** Children that are not sections (no leading heading): kept and shown as they were. */
  strays: Node[];
}

const HEADING = /^H[2-6]$/;

/**
 * Reads `<accordion-group>` children: each child element whose first element is an h2 to h6 is a section.
 * Whitespace between sections is dropped; anything else is kept as a stray so nothing is lost.
 */
export function parseSections(nodes: readonly Node[]): ParsedAccordion {
  const sections: AccordionSection[] = [];
  const strays: Node[] = [];
  for (const node of nodes) {
    if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) continue;
    const first = node instanceof Element ? node.firstElementChild : null;
    if (node instanceof HTMLElement && first && HEADING.test(first.tagName)) {
      const content = Array.from(node.childNodes).filter((child) => child !== first);
      sections.push({
        heading: first as HTMLHeadingElement,
        label: Array.from(first.childNodes),
        title: first.textContent?.trim() ?? '',
        content,
        initiallyOpen: node.hasAttribute('data-open'),
      });
    } else {
      strays.push(node);
    }
  }
  return { sections, strays };
}
