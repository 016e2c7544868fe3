import { elementLoaders } from './element-loaders';

export type ElementLoaders = Readonly<Record<string, () => Promise<unknown>>>;

/**
 * Loads each kit element's code the first time its tag appears under `root`, now or later (content added by a
 * CMS widget, a fragment reload, a decision-tree step). A page with only accordions never downloads search,
 * date or form code; React and the kit layer are shared chunks, so they load once whatever the mix.
 * Returns a function that stops watching.
 */
export function autoload(root: ParentNode & Node = document, loaders: ElementLoaders = elementLoaders): () => void {
  const pending = new Set(Object.keys(loaders));
  const selector = () => [...pending].join(',');

  const load = (tag: string) => {
    pending.delete(tag);
    // A tag some other script already registered needs nothing from us.
    if (customElements.get(tag)) return;
    loaders[tag]().catch((error: unknown) => console.error(`civic-elements: could not load <${tag}>.`, error));
  };

  const scan = (node: ParentNode & Node) => {
    if (pending.size === 0) return;
    if (node instanceof Element && pending.has(node.localName)) load(node.localName);
    if (pending.size === 0) return;
    for (const element of node.querySelectorAll(selector())) {
      if (pending.has(element.localName)) load(element.localName);
    }
  };

  scan(root);
  if (pending.size === 0) return () => {};
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) scan(node);
      }
    }
    if (pending.size === 0) observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
