import { JumpLinks, jumpLinksAttributes } from '../src/components/jump-links/JumpLinks';
import { createCustomElement, defineOnce } from '../src/web-component';

export const JumpLinksElement = createCustomElement('jump-links', JumpLinks, jumpLinksAttributes);

/** Registers `<jump-links>` (or another tag of your choosing). */
export const define = (tag = 'jump-links') => defineOnce(tag, JumpLinksElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'jump-links': InstanceType<typeof JumpLinksElement>;
  }
}
