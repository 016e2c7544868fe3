/** Registers `<multi-step-form>`. The class alone, registering nothing, is in ./classes/multi-step-form. */
import { define } from './classes/multi-step-form';

export { MultiStepFormElement, define } from './classes/multi-step-form';

define();
