import { VideoThumbnail, videoThumbnailAttributes } from '../../src/components/video-thumbnail/VideoThumbnail';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/video-thumbnail/VideoThumbnail';

/** The `<video-thumbnail>` class. Importing this module registers nothing: call `define()`. */
export const VideoThumbnailElement = /* @__PURE__ */ createCustomElement('video-thumbnail', VideoThumbnail, videoThumbnailAttributes);

/** Registers the element under `tag` (`<video-thumbnail>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'video-thumbnail') => defineOnce(tag, VideoThumbnailElement);

declare global {
  interface HTMLElementTagNameMap {
    'video-thumbnail': InstanceType<typeof VideoThumbnailElement>;
  }
}
