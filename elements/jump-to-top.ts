import { JumpToTop, jumpToTopAttributes } from '../src/components/jump-to-top/JumpToTop';
import { createCustomElement, defineOnce } from '../src/web-component';

export const JumpToTopElement = createCustomElement('jump-to-top', JumpToTop, jumpToTopAttributes);

/** Registers `<jump-to-top>` (or another tag of your choosing). */
export const define = (tag = 'jump-to-top') => defineOnce(tag, JumpToTopElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'jump-to-top': InstanceType<typeof JumpToTopElement>;
  }
}
