import { JumpToTop, jumpToTopAttributes } from '../../src/components/jump-to-top/JumpToTop';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/jump-to-top/JumpToTop';

/** The `<jump-to-top>` class. Importing this module registers nothing: call `define()`. */
export const JumpToTopElement = /* @__PURE__ */ createCustomElement('jump-to-top', JumpToTop, jumpToTopAttributes);

/** Registers the element under `tag` (`<jump-to-top>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'jump-to-top') => defineOnce(tag, JumpToTopElement);

declare global {
  interface HTMLElementTagNameMap {
    'jump-to-top': InstanceType<typeof JumpToTopElement>;
  }
}
