import { MegaMenu, megaMenuAttributes } from '../src/components/mega-menu/MegaMenu';
import { createCustomElement, defineOnce } from '../src/web-component';

export const MegaMenuElement = createCustomElement('mega-menu', MegaMenu, megaMenuAttributes);

/** Registers `<mega-menu>` (or another tag of your choosing). */
export const define = (tag = 'mega-menu') => defineOnce(tag, MegaMenuElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'mega-menu': InstanceType<typeof MegaMenuElement>;
  }
}
