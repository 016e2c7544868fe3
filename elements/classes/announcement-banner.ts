import { AnnouncementBanner, announcementBannerAttributes } from '../../src/components/announcement-banner/AnnouncementBanner';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/announcement-banner/AnnouncementBanner';

/** The `<announcement-banner>` class. Importing this module registers nothing: call `define()`. */
export const AnnouncementBannerElement = /* @__PURE__ */ createCustomElement(
  'announcement-banner',
  AnnouncementBanner,
  announcementBannerAttributes,
);

/** Registers the element under `tag` (`<announcement-banner>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'announcement-banner') => defineOnce(tag, AnnouncementBannerElement);

declare global {
  interface HTMLElementTagNameMap {
    'announcement-banner': InstanceType<typeof AnnouncementBannerElement>;
  }
}
