import { MaskedInput, maskedInputAttributes } from '../../src/components/masked-input/MaskedInput';
import { createCustomElement, defineOnce } from '../../src/web-component';

/** The `<masked-input>` class. Importing this module registers nothing: call `define()`. */
export const MaskedInputElement = /* @__PURE__ */ createCustomElement('masked-input', MaskedInput, maskedInputAttributes);

/** Registers the element under `tag` (`<masked-input>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'masked-input') => defineOnce(tag, MaskedInputElement);

declare global {
  interface HTMLElementTagNameMap {
    'masked-input': InstanceType<typeof MaskedInputElement>;
  }
}
