import { findNavigationList, normaliseText } from '../../core/navigation-tree';

/** The page's navigation that `<mobile-nav>` presents. */
export interface NavSource {
  /** The element named by `for` (or the header's `<nav>`): hidden while the mobile layout applies. */
  container: HTMLElement;
  /** Its navigation list. */
  list: HTMLElement;
  /** The accessible name of its `<nav>` (aria-label, or the text aria-labelledby points to); empty when none. */
  label: string;
}

/** The name a `<nav>` gives itself. */
function labelOf(nav: Element | null): string {
  if (!nav) return '';
  const labelledBy = nav.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = labelledBy
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    if (normaliseText(text)) return normaliseText(text);
  }
  return normaliseText(nav.getAttribute('aria-label'));
}

/**
 * Finds the navigation: the element whose id is `forId` (a `<nav>`, the `<ul>` itself, or anything holding the
 * list), or without `for` the first `<nav>` of the header the element sits in (else of the page's first header).
 * Null when there is no such element or it holds no list: the reason goes to the console.
 */
export function findNavSource(host: HTMLElement, forId: string | undefined, elementName: string): NavSource | null {
  const id = forId?.trim();
  const container = id
    ? document.getElementById(id)
    : ((host.closest('header') ?? document.querySelector('header'))?.querySelector<HTMLElement>('nav') ?? null);
  if (!container) {
    console.warn(
      id
        ? `<${elementName}> for: no element has the id "${id}"; the menu button is not shown.`
        : `<${elementName}>: no for attribute and no <nav> in the page's <header>; the menu button is not shown.`,
    );
    return null;
  }
  const list = findNavigationList(container);
  if (!list) {
    console.warn(
      `<${elementName}>: the navigation (#${container.id || container.localName}) holds no <ul> or <ol>; the menu button is not shown.`,
    );
    return null;
  }
  return { container, list, label: labelOf(container.closest('nav') ?? container.querySelector('nav')) };
}
