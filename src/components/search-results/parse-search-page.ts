import { hasContent, labelOf } from '../../web-component';

/** What the element reads from the server-rendered results page it replaces. */
export interface ServerSearchPage {
  /** The server sent a page (results, a prompt or its own failure): it stays until the first client results. */
  hasContent: boolean;
  /** The label of the server form's search field: the element's own field keeps the server's words. */
  fieldLabel: string | undefined;
  /** The server's page shows an alert of its own (its search failed too). */
  hasAlert: boolean;
}

const TEXT_FIELD = 'input[type="search"], input[type="text"]';
const ALERT = '[role="alert"]';

export function parseSearchPage(serverNodes: readonly Node[]): ServerSearchPage {
  let fieldLabel: string | undefined;
  for (const node of serverNodes) {
    if (!(node instanceof Element)) continue;
    const input = node.matches(TEXT_FIELD) ? (node as HTMLInputElement) : node.querySelector<HTMLInputElement>(TEXT_FIELD);
    const text = input ? labelOf(input)?.textContent?.trim() : undefined;
    if (text) {
      fieldLabel = text;
      break;
    }
  }
  const hasAlert = serverNodes.some((node) => node instanceof Element && (node.matches(ALERT) || node.querySelector(ALERT) !== null));
  return { hasContent: hasContent(serverNodes), fieldLabel, hasAlert };
}

/** The server node holding `element`, if any. */
export function inServerContent(serverNodes: readonly Node[], element: Element | null): boolean {
  return element !== null && serverNodes.some((node) => node === element || node.contains(element));
}

const FILTERS_FOLD = 'details';
const CHECKBOX = 'input[type="checkbox"]';

/**
 * The server page's fold of filters (a `<details>` holding checkboxes), if it has one. A visitor who opened it while
 * the element's code loaded expects it still open on the page that replaces it.
 */
export function serverFiltersFold(serverNodes: readonly Node[]): HTMLDetailsElement | null {
  for (const node of serverNodes) {
    if (!(node instanceof Element)) continue;
    const folds = [...(node.matches(FILTERS_FOLD) ? [node] : []), ...node.querySelectorAll(FILTERS_FOLD)];
    const fold = folds.find((candidate) => candidate.querySelector(CHECKBOX) !== null);
    if (fold) return fold as HTMLDetailsElement;
  }
  return null;
}
