/**
 * Parses an element's server-rendered nodes once per element, not once per mount.
 *
 * Components move server nodes into their own markup (see Adopt), which changes the original structure.
 * When the element is moved in the page, r2wc remounts it; parsing again would find the structure
 * already taken apart. So a parse is a snapshot, cached by the (stable) serverNodes array.
 */
const snapshots = new WeakMap<readonly Node[], Map<unknown, unknown>>();

export function useServerContent<T>(serverNodes: readonly Node[], parse: (nodes: readonly Node[]) => T): T {
  let byParser = snapshots.get(serverNodes);
  if (!byParser) snapshots.set(serverNodes, (byParser = new Map()));
  if (!byParser.has(parse)) byParser.set(parse, parse(serverNodes));
  return byParser.get(parse) as T;
}
