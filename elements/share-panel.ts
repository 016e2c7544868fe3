/** Registers `<share-panel>`. The class alone, registering nothing, is in ./classes/share-panel. */
import { define } from './classes/share-panel';

export { SharePanelElement, define } from './classes/share-panel';

define();
