import { VideoThumbnail, videoThumbnailAttributes } from '../src/components/video-thumbnail/VideoThumbnail';
import { createCustomElement, defineOnce } from '../src/web-component';

export const VideoThumbnailElement = createCustomElement('video-thumbnail', VideoThumbnail, videoThumbnailAttributes);

/** Registers `<video-thumbnail>` (or another tag of your choosing). */
export const define = (tag = 'video-thumbnail') => defineOnce(tag, VideoThumbnailElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'video-thumbnail': InstanceType<typeof VideoThumbnailElement>;
  }
}
