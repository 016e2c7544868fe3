/** True when the nodes hold anything a visitor would see: an element, or text that is not only whitespace. */
export function hasContent(nodes: readonly Node[]): boolean {
  return nodes.some((node) => node.nodeType !== Node.TEXT_NODE || Boolean(node.textContent?.trim()));
}
