import { SubsiteTheme, subsiteThemeAttributes } from '../../src/components/subsite-theme/SubsiteTheme';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/subsite-theme/SubsiteTheme';

/** The `<subsite-theme>` class. Importing this module registers nothing: call `define()`. */
export const SubsiteThemeElement = /* @__PURE__ */ createCustomElement('subsite-theme', SubsiteTheme, subsiteThemeAttributes);

/** Registers the element under `tag` (`<subsite-theme>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'subsite-theme') => defineOnce(tag, SubsiteThemeElement);

declare global {
  interface HTMLElementTagNameMap {
    'subsite-theme': InstanceType<typeof SubsiteThemeElement>;
  }
}
