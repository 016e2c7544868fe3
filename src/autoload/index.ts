/**
 * The autoloader entry (`dist/autoload.js`): one small script for every page. It loads each element the page
 * uses when the element first comes near the viewport, and nothing else.
 *
 *   <script type="module" src="/dist/autoload.js"></script>
 */
import { autoload } from './autoload';

export { autoload, AUTOLOAD_MARGIN, type AutoloadOptions, type ElementLoaders } from './autoload';
export { elementLoaders } from './element-loaders';
export { elementUpgrades, UPGRADE_ATTRIBUTE, type UpgradeStrategy } from './element-upgrades';
// The tags and their events, for a page that loads the kit this way and listens to its elements: types only,
// nothing is loaded here.
export type {} from '../../elements/classes/index';

autoload();
