import { DecisionTree, decisionTreeAttributes } from '../src/components/decision-tree/DecisionTree';
import { createCustomElement, defineOnce } from '../src/web-component';

export const DecisionTreeElement = createCustomElement('decision-tree', DecisionTree, decisionTreeAttributes);

/** Registers `<decision-tree>` (or another tag of your choosing). */
export const define = (tag = 'decision-tree') => defineOnce(tag, DecisionTreeElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'decision-tree': InstanceType<typeof DecisionTreeElement>;
  }
}
