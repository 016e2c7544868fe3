import type { CivicEventDetails } from '../web-component/events';

export type { CivicEventDetails };

/**
 * The next kit event of this type on `target` (an element, or `document`: kit events bubble and are composed), with
 * its typed `detail`. Start waiting before the action that sends it:
 *
 *   const toggled = nextKitEvent(accordion, 'accordion-toggle');
 *   button.click();
 *   expect((await toggled).detail.open).to.be.true;
 */
export function nextKitEvent<K extends keyof CivicEventDetails>(target: EventTarget, type: K): Promise<CustomEvent<CivicEventDetails[K]>> {
  return new Promise((resolve) => {
    target.addEventListener(type, (event) => resolve(event as CustomEvent<CivicEventDetails[K]>), { once: true });
  });
}
