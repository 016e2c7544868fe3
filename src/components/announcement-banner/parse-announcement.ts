/** What an `<announcement-banner>` found in its server-rendered markup. */
export interface AnnouncementContent {
  /** Every server node worth keeping (whitespace-only text dropped), in order, without the close form. */
  nodes: Node[];
  /** The announcement's heading (the first h1 to h6), which labels the region. */
  heading: HTMLHeadingElement | null;
  /** The server's close form (`form[data-announcement-close]`), which works without JavaScript; null if none. */
  closeForm: HTMLFormElement | null;
  /** The form's submit button, which the element makes its Close button; null if there is no form or button. */
  closeButton: HTMLButtonElement | null;
}

const HEADING = 'h1, h2, h3, h4, h5, h6';
const CLOSE_FORM = 'form[data-announcement-close]';
const SUBMIT_BUTTON = 'button:not([type]), button[type="submit"]';

export function parseAnnouncement(serverNodes: readonly Node[]): AnnouncementContent {
  const kept = serverNodes.filter((node) => node.nodeType !== Node.TEXT_NODE || node.textContent?.trim());
  const closeForm = kept.find((node): node is HTMLFormElement => node instanceof HTMLFormElement && node.matches(CLOSE_FORM)) ?? null;
  const nodes = kept.filter((node) => node !== closeForm);
  const closeButton = closeForm?.querySelector<HTMLButtonElement>(SUBMIT_BUTTON) ?? null;
  let heading: HTMLHeadingElement | null = null;
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    heading = (node.matches(HEADING) ? node : node.querySelector(HEADING)) as HTMLHeadingElement | null;
    if (heading) break;
  }
  return { nodes, heading, closeForm, closeButton };
}
