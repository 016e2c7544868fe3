import { useLayoutEffect } from 'react';
import { Adopt, type ElementProps } from '../../web-component';
import { enhanceMaskedFields } from '../shared/input-mask/masked-fields';

export const maskedInputAttributes = {} as const;

const ELEMENT = 'masked-input';

/**
 * A text field with an input mask, outside a multi-step form (which masks its own fields): the server's
 * label, hint and `<input data-mask>` stay as they are, and the field is shaped as it is typed.
 */
export function MaskedInput({ serverNodes, host }: ElementProps) {
  // Masked from the first commit: what is typed straight after the upgrade is shaped too.
  useLayoutEffect(() => {
    const stop = enhanceMaskedFields(host, ELEMENT);
    if (!host.querySelector('input[data-mask]')) console.warn(`<${ELEMENT}>: no <input data-mask> inside, so nothing is masked.`);
    return stop;
  }, [host]);
  return <Adopt nodes={serverNodes} className="masked-input__content" />;
}
