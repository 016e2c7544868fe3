/** Registers `<masked-input>`. The class alone, registering nothing, is in ./classes/masked-input. */
import { define } from './classes/masked-input';

export { MaskedInputElement, define } from './classes/masked-input';

define();
