/**
 * Every kit element holds, under this registered symbol, a promise that settles once it has first rendered: its
 * server nodes adopted, focus given back, its listeners in place. Code outside the element's bundle (the
 * autoloader, which must not load the renderer) waits on it before it hands the element something the visitor
 * did while the code was loading. A registered symbol, so both builds and any copy of the kit agree on it.
 */
export const RENDERED = Symbol.for('civic-elements.rendered');

export interface RenderedSignal {
  [RENDERED]?: Promise<void>;
}
