import { DecisionTree, decisionTreeAttributes } from '../../src/components/decision-tree/DecisionTree';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/decision-tree/DecisionTree';

/** The `<decision-tree>` class. Importing this module registers nothing: call `define()`. */
export const DecisionTreeElement = /* @__PURE__ */ createCustomElement('decision-tree', DecisionTree, decisionTreeAttributes);

/** Registers the element under `tag` (`<decision-tree>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'decision-tree') => defineOnce(tag, DecisionTreeElement);

declare global {
  interface HTMLElementTagNameMap {
    'decision-tree': InstanceType<typeof DecisionTreeElement>;
  }
}
