import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PRIVACY_ENHANCED_HOST, autoplayEmbedUrl } from '../../core/video-url';
import { loadIframeApi, type VideoPlayer as ApiPlayer } from './load-iframe-api';

interface VideoPlayerProps {
  videoId: string;
  /** The iframe's title: names the player for screen readers. */
  frameTitle: string;
  loadingText: string;
  /** The iframe API's script, or null to play in the plain embed frame without it. */
  apiSrc: string | null;
  apiTimeoutMs: number;
}

type Phase = 'loading' | 'ready' | 'fallback';

/** The player asks for parameters as the video site names them. */
const PLAYER_VARS = Object.freeze({ autoplay: 1, playsinline: 1, rel: 0 });
/** What the plain embed frame may do: start by itself, play protected media, float. */
const FALLBACK_ALLOW = 'autoplay; encrypted-media; picture-in-picture';

/** Moves focus to `target` unless the visitor has already gone elsewhere while the video loaded. */
function focusIfStillHere(target: HTMLElement | null | undefined, box: HTMLElement | null) {
  if (!target) return;
  const active = document.activeElement;
  if (!active || active === document.body || (box && box.contains(active))) target.focus();
}

/**
 * Plays a video in place: loads the iframe API (once per page), creates a privacy-enhanced player that
 * starts at once and takes focus. When the API cannot load, or the page asks for no API, a plain embed frame does
 * the same job.
 */
export function VideoPlayer({ videoId, frameTitle, loadingText, apiSrc, apiTimeoutMs }: VideoPlayerProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const fallbackRef = useRef<HTMLIFrameElement>(null);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const titleRef = useRef(frameTitle);
  const [phase, setPhase] = useState<Phase>(apiSrc === null ? 'fallback' : 'loading');

  // The thumbnail button that had focus is gone: keep focus here until the player can take it.
  useLayoutEffect(() => focusIfStillHere(boxRef.current, boxRef.current), []);

  useLayoutEffect(() => {
    titleRef.current = frameTitle;
    if (frameRef.current) frameRef.current.title = frameTitle;
  }, [frameTitle]);

  useEffect(() => {
    if (apiSrc === null) return;
    let cancelled = false;
    let player: ApiPlayer | undefined;
    const frameOf = (target: ApiPlayer) => target.getIframe?.() ?? slotRef.current?.querySelector('iframe') ?? null;
    loadIframeApi(apiSrc, apiTimeoutMs)
      .then((api) => {
        const slot = slotRef.current;
        if (cancelled || !slot) return;
        // The API replaces the target with its iframe: give it a node React does not manage.
        const target = document.createElement('div');
        slot.append(target);
        player = new api.Player(target, {
          host: PRIVACY_ENHANCED_HOST,
          videoId,
          playerVars: PLAYER_VARS,
          events: {
            onReady: (event) => {
              if (cancelled) return;
              const iframe = frameOf(event.target);
              frameRef.current = iframe;
              if (iframe) iframe.title = titleRef.current;
              event.target.playVideo?.();
              setPhase('ready');
              focusIfStillHere(iframe, boxRef.current);
            },
          },
        });
        const iframe = frameOf(player);
        frameRef.current = iframe;
        if (iframe) iframe.title = titleRef.current;
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('<video-thumbnail>: playing the video in a plain frame.', error instanceof Error ? error.message : error);
        setPhase('fallback');
      });
    return () => {
      cancelled = true;
      player?.destroy?.();
    };
  }, [apiSrc, apiTimeoutMs, videoId]);

  // Focus moves to the plain frame as it shows.
  useLayoutEffect(() => {
    if (phase !== 'fallback') return;
    frameRef.current = fallbackRef.current;
    focusIfStillHere(fallbackRef.current, boxRef.current);
  }, [phase]);

  return (
    <div
      ref={boxRef}
      className="video-thumbnail__player"
      role="group"
      aria-label={frameTitle}
      aria-busy={phase === 'loading'}
      tabIndex={-1}
    >
      {phase === 'loading' && <p className="video-thumbnail__loading">{loadingText}</p>}
      {phase === 'fallback' ? (
        <iframe
          ref={fallbackRef}
          className="video-thumbnail__iframe"
          src={autoplayEmbedUrl(videoId)}
          title={frameTitle}
          allow={FALLBACK_ALLOW}
          allowFullScreen
        />
      ) : (
        <div ref={slotRef} className="video-thumbnail__slot" />
      )}
    </div>
  );
}
