import { MultiStepForm, multiStepFormAttributes } from '../src/components/multi-step-form/MultiStepForm';
import { createCustomElement, defineOnce } from '../src/web-component';

export const MultiStepFormElement = createCustomElement('multi-step-form', MultiStepForm, multiStepFormAttributes);

/** Registers `<multi-step-form>` (or another tag of your choosing). */
export const define = (tag = 'multi-step-form') => defineOnce(tag, MultiStepFormElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'multi-step-form': InstanceType<typeof MultiStepFormElement>;
  }
}
