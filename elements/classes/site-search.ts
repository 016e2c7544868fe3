import { SiteSearch, siteSearchAttributes } from '../../src/components/site-search/SiteSearch';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/site-search/SiteSearch';

/** The `<site-search>` class. Importing this module registers nothing: call `define()`. */
export const SiteSearchElement = /* @__PURE__ */ createCustomElement('site-search', SiteSearch, siteSearchAttributes);

/** Registers the element under `tag` (`<site-search>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'site-search') => defineOnce(tag, SiteSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    'site-search': InstanceType<typeof SiteSearchElement>;
  }
}
