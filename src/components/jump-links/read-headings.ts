import { DEFAULT_IGNORE_SELECTOR, NON_SECTION_ELEMENTS, planJumpLinks, type JumpLink } from '../../core/jump-links';

/** A link of the list, with the heading it leads to. */
export interface HeadingLink extends JumpLink {
  heading: HTMLElement;
}

/** Whether `selector` is a selector the browser understands (an author's typo must not break the page). */
export function isValidSelector(selector: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

function isIgnored(heading: HTMLElement, region: Element, ignore: string, host: HTMLElement): boolean {
  const hiddenAncestor = heading.closest('[hidden]');
  return (
    host.contains(heading) ||
    heading.matches(ignore) ||
    heading.closest(NON_SECTION_ELEMENTS) !== null ||
    // A heading a visitor cannot see (hidden within the content) would be a link to nowhere.
    (hiddenAncestor !== null && region.contains(hiddenAncestor))
  );
}

/**
 * Reads the h2 headings of a content region, decides the list, and gives each listed heading without an
 * id a readable, unique one. Returns the links (empty when the page has too few headings).
 */
export function readHeadingLinks(region: Element, ignore: string = DEFAULT_IGNORE_SELECTOR, host: HTMLElement): HeadingLink[] {
  const headings = Array.from(region.querySelectorAll<HTMLElement>('h2'));
  const takenIds = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
  const plan = planJumpLinks(
    headings.map((heading) => ({ text: heading.textContent ?? '', id: heading.id, ignored: isIgnored(heading, region, ignore, host) })),
    takenIds,
  );
  return plan.links.map((link) => {
    const heading = headings[link.index];
    if (link.generated) heading.id = link.id;
    return { ...link, heading };
  });
}
