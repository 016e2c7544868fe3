import { MegaMenu, megaMenuAttributes } from '../../src/components/mega-menu/MegaMenu';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/mega-menu/MegaMenu';

/** The `<mega-menu>` class. Importing this module registers nothing: call `define()`. */
export const MegaMenuElement = /* @__PURE__ */ createCustomElement('mega-menu', MegaMenu, megaMenuAttributes);

/** Registers the element under `tag` (`<mega-menu>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'mega-menu') => defineOnce(tag, MegaMenuElement);

declare global {
  interface HTMLElementTagNameMap {
    'mega-menu': InstanceType<typeof MegaMenuElement>;
  }
}
