import { MultiStepForm, multiStepFormAttributes } from '../../src/components/multi-step-form/MultiStepForm';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/multi-step-form/MultiStepForm';

/** The `<multi-step-form>` class. Importing this module registers nothing: call `define()`. */
export const MultiStepFormElement = /* @__PURE__ */ createCustomElement('multi-step-form', MultiStepForm, multiStepFormAttributes);

/** Registers the element under `tag` (`<multi-step-form>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'multi-step-form') => defineOnce(tag, MultiStepFormElement);

declare global {
  interface HTMLElementTagNameMap {
    'multi-step-form': InstanceType<typeof MultiStepFormElement>;
  }
}
