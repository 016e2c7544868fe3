import { useState } from 'react';
import { format } from '../../core/i18n';
import { DEFAULT_IFRAME_API_SRC, IFRAME_API_TIMEOUT_MS } from '../../core/video-url';
import { Adopt, dispatch, hasContent, useMessages, useServerContent, type ElementProps, type PropsOf } from '../../web-component';

import { parseThumbnail } from './parse-thumbnail';
import { VideoPlayer } from './VideoPlayer';

export const videoThumbnailMessages = {
  /** The thumbnail button's accessible name. */
  play: 'Play video: {title}',
  /** The button's name when the link has neither text nor image alt text. */
  playUntitled: 'Play video',
  /** The player iframe's title. */
  frameTitle: 'Video: {title}',
  frameTitleUntitled: 'Video',
  /** Shown in the player area while the player loads. */
  loading: 'Loading video',
};

export const videoThumbnailAttributes = {
  /** The video site's iframe API script. */
  apiSrc: 'string',
  /** Milliseconds to wait for the API before playing in a plain embed frame. */
  apiTimeout: 'number',
  /**
   * Play in the privacy-enhanced embed frame (autoplay) at once, without loading the iframe API: for pages whose
   * Content-Security-Policy allows the frame but not the API's script, so nothing the policy forbids is tried.
   */
  embedOnly: 'boolean',
} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The visitor pressed play: the thumbnail is replaced by the player. */
    'video-thumbnail-play': { videoId: string };
  }
}

type VideoThumbnailProps = PropsOf<typeof videoThumbnailAttributes> & ElementProps;

export function VideoThumbnail({ host, serverNodes, i18n, apiSrc, apiTimeout, embedOnly }: VideoThumbnailProps) {
  const t = useMessages(videoThumbnailMessages, i18n, 'video-thumbnail');
  const { video, before, after, all } = useServerContent(serverNodes, parseThumbnail);
  const [playing, setPlaying] = useState(false);

  // Not a video link we may play: the server's markup, untouched.
  if (!video) return <Adopt className="video-thumbnail__content" nodes={all} />;

  const play = () => {
    setPlaying(true);
    dispatch(host, 'video-thumbnail-play', { videoId: video.videoId });
  };
  const frameTitle = video.title ? format(t.frameTitle, { title: video.title }) : t.frameTitleUntitled;

  return (
    <div className="video-thumbnail" data-playing={playing ? '' : undefined}>
      {hasContent(before) && <Adopt className="video-thumbnail__content" nodes={before} />}
      <div className="video-thumbnail__frame">
        {playing ? (
          <VideoPlayer
            videoId={video.videoId}
            frameTitle={frameTitle}
            loadingText={t.loading}
            apiSrc={embedOnly ? null : apiSrc || DEFAULT_IFRAME_API_SRC}
            apiTimeoutMs={apiTimeout !== undefined && apiTimeout > 0 ? apiTimeout : IFRAME_API_TIMEOUT_MS}
          />
        ) : (
          <button
            type="button"
            className="video-thumbnail__button"
            aria-label={video.title ? format(t.play, { title: video.title }) : t.playUntitled}
            onClick={play}
          >
            {video.image.length > 0 && <Adopt as="span" className="video-thumbnail__image" nodes={video.image} />}
            <span className="video-thumbnail__icon" aria-hidden="true" />
          </button>
        )}
      </div>
      {video.hasCaption && <Adopt as="p" className="video-thumbnail__caption" nodes={video.caption} />}
      {hasContent(after) && <Adopt className="video-thumbnail__content" nodes={after} />}
    </div>
  );
}
