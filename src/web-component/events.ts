/**
 * Typed DOM events. Each component adds its events to `CivicEventDetails` by declaration merging:
 *
 *   declare module '../../web-component/events' {
 *     interface CivicEventDetails { 'accordion-toggle': { index: number; open: boolean } }
 *   }
 *
 * and every `addEventListener('accordion-toggle', e => e.detail.open)` in the page is typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface CivicEventDetails {}

export type CivicEvents = { [K in keyof CivicEventDetails]: CustomEvent<CivicEventDetails[K]> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the kit's events to every element
  interface HTMLElementEventMap extends CivicEvents {}
  // The events bubble and are composed: a page may listen on document or window.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the kit's events to document
  interface DocumentEventMap extends CivicEvents {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the kit's events to window
  interface WindowEventMap extends CivicEvents {}
}

/**
 * Dispatches a kit event from the host element: bubbles and crosses shadow roots, so a page can listen on
 * `document`. Returns false when a listener called `preventDefault()` on a cancelable event.
 */
export function dispatch<K extends keyof CivicEventDetails>(
  host: Element,
  type: K,
  detail: CivicEventDetails[K],
  options: { cancelable?: boolean } = {},
): boolean {
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}
