import { MobileNav, mobileNavAttributes } from '../src/components/mobile-nav/MobileNav';
import { createCustomElement, defineOnce } from '../src/web-component';

export const MobileNavElement = createCustomElement('mobile-nav', MobileNav, mobileNavAttributes);

/** Registers `<mobile-nav>` (or another tag of your choosing). */
export const define = (tag = 'mobile-nav') => defineOnce(tag, MobileNavElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'mobile-nav': InstanceType<typeof MobileNavElement>;
  }
}
