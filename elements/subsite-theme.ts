/** Registers `<subsite-theme>`. The class alone, registering nothing, is in ./classes/subsite-theme. */
import { define } from './classes/subsite-theme';

export { SubsiteThemeElement, define } from './classes/subsite-theme';

define();
