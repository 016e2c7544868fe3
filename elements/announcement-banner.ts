/** Registers `<announcement-banner>`. The class alone, registering nothing, is in ./classes/announcement-banner. */
import { define } from './classes/announcement-banner';

export { AnnouncementBannerElement, define } from './classes/announcement-banner';

define();
