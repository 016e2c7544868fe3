import { SiteSearch, siteSearchAttributes } from '../src/components/site-search/SiteSearch';
import { createCustomElement, defineOnce } from '../src/web-component';

export const SiteSearchElement = createCustomElement('site-search', SiteSearch, siteSearchAttributes);

/** Registers `<site-search>` (or another tag of your choosing). */
export const define = (tag = 'site-search') => defineOnce(tag, SiteSearchElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'site-search': InstanceType<typeof SiteSearchElement>;
  }
}
