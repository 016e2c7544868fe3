import { MobileNav, mobileNavAttributes } from '../../src/components/mobile-nav/MobileNav';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/mobile-nav/MobileNav';

/** The `<mobile-nav>` class. Importing this module registers nothing: call `define()`. */
export const MobileNavElement = /* @__PURE__ */ createCustomElement('mobile-nav', MobileNav, mobileNavAttributes);

/** Registers the element under `tag` (`<mobile-nav>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'mobile-nav') => defineOnce(tag, MobileNavElement);

declare global {
  interface HTMLElementTagNameMap {
    'mobile-nav': InstanceType<typeof MobileNavElement>;
  }
}
