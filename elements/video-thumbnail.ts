/** Registers `<video-thumbnail>`. The class alone, registering nothing, is in ./classes/video-thumbnail. */
import { define } from './classes/video-thumbnail';

export { VideoThumbnailElement, define } from './classes/video-thumbnail';

define();
