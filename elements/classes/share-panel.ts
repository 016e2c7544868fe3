import { SharePanel, sharePanelAttributes } from '../../src/components/share-panel/SharePanel';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/share-panel/SharePanel';

/** The `<share-panel>` class. Importing this module registers nothing: call `define()`. */
export const SharePanelElement = /* @__PURE__ */ createCustomElement('share-panel', SharePanel, sharePanelAttributes);

/** Registers the element under `tag` (`<share-panel>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'share-panel') => defineOnce(tag, SharePanelElement);

declare global {
  interface HTMLElementTagNameMap {
    'share-panel': InstanceType<typeof SharePanelElement>;
  }
}
