/** What an `<announcement-banner>` found in its server-rendered markup. */
export interface AnnouncementContent {
  /** Every server node worth keeping (whitespace-only text dropped), in order. */
  nodes: Node[];
  /** The announcement's heading (the first h1 to h6), which labels the region. */
  heading: HTMLHeadingElement | null;
}

const HEADING = 'h1, h2, h3, h4, h5, h6';

export function parseAnnouncement(serverNodes: readonly Node[]): AnnouncementContent {
  const nodes = serverNodes.filter((node) => node.nodeType !== Node.TEXT_NODE || node.textContent?.trim());
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    const heading = node.matches(HEADING) ? node : node.querySelector(HEADING);
    if (heading) return { nodes, heading: heading as HTMLHeadingElement };
  }
  return { nodes, heading: null };
}
