/** Registers `<decision-tree>`. The class alone, registering nothing, is in ./classes/decision-tree. */
import { define } from './classes/decision-tree';

export { DecisionTreeElement, define } from './classes/decision-tree';

define();
