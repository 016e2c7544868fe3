/** True when the nodes hold anything a visitor would see: an element, or text that is not only whitespace. */
export function hasContent(nodes: readonly Node[]): boolean {
  return nodes.some((node) => node.nodeType !== Node.TEXT_NODE || Boolean(node.textContent?.trim()));
}

type Labelable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement | HTMLOutputElement;

/**
 * A form control's first label, whether or not the control is in the page. Read server nodes with this, never with
 * `control.labels` alone: while a component first renders, the element's server nodes may be out of the page (a
 * renderer may empty the element before it renders, Preact's does), and the browser lists no labels for a control
 * out of the page. Out of the page, a label is found in the same detached tree: by `for`, or around the control.
 */
export function labelOf(control: Labelable): HTMLLabelElement | null {
  const listed = control.labels?.[0];
  if (listed) return listed;
  if (control.isConnected) return null;
  const root = control.getRootNode();
  const byFor =
    control.id && root instanceof Element ? root.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(control.id)}"]`) : null;
  return byFor ?? control.closest('label');
}

/**
 * The language around a node: the nearest `lang` attribute, looking past the element (`host`) when the node is out
 * of the page for now (see `labelOf`). "en" when nothing says.
 */
export function languageAround(node: Element, host: Element): string {
  const marked = node.closest('[lang]') ?? (node.isConnected ? null : host.closest('[lang]'));
  return marked?.getAttribute('lang')?.trim() || 'en';
}
