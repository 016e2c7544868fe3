import { JumpLinks, jumpLinksAttributes } from '../../src/components/jump-links/JumpLinks';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/jump-links/JumpLinks';

/** The `<jump-links>` class. Importing this module registers nothing: call `define()`. */
export const JumpLinksElement = /* @__PURE__ */ createCustomElement('jump-links', JumpLinks, jumpLinksAttributes);

/** Registers the element under `tag` (`<jump-links>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'jump-links') => defineOnce(tag, JumpLinksElement);

declare global {
  interface HTMLElementTagNameMap {
    'jump-links': InstanceType<typeof JumpLinksElement>;
  }
}
