import { AnnouncementBanner, announcementBannerAttributes } from '../src/components/announcement-banner/AnnouncementBanner';
import { createCustomElement, defineOnce } from '../src/web-component';

export const AnnouncementBannerElement = createCustomElement('announcement-banner', AnnouncementBanner, announcementBannerAttributes);

/** Registers `<announcement-banner>` (or another tag of your choosing). */
export const define = (tag = 'announcement-banner') => defineOnce(tag, AnnouncementBannerElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'announcement-banner': InstanceType<typeof AnnouncementBannerElement>;
  }
}
