/** The parts of the video site's iframe API the kit uses. */
export interface VideoPlayer {
  getIframe?(): HTMLIFrameElement;
  playVideo?(): void;
  destroy?(): void;
}

export interface VideoPlayerOptions {
  host: string;
  videoId: string;
  playerVars: Readonly<Record<string, string | number>>;
  events: { onReady?: (event: { target: VideoPlayer }) => void };
}

export interface VideoIframeApi {
  /** Replaces `target` with the player's iframe. */
  Player: new (target: HTMLElement, options: VideoPlayerOptions) => VideoPlayer;
}

declare global {
  interface Window {
    YT?: Partial<VideoIframeApi>;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** One load per script URL for the whole page, however many thumbnails ask for it. */
const loads = new Map<string, Promise<VideoIframeApi>>();

function readyApi(): VideoIframeApi | null {
  const api = window.YT;
  return api && typeof api.Player === 'function' ? (api as VideoIframeApi) : null;
}

function injectAndWait(src: string, timeoutMs: number): Promise<VideoIframeApi> {
  let absoluteSrc: string;
  try {
    absoluteSrc = new URL(src, document.baseURI).href;
  } catch {
    return Promise.reject(new Error(`The video API address "${src}" is not a URL.`));
  }
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`The video API did not become ready within ${timeoutMs} ms.`)), timeoutMs);
    const succeed = (api: VideoIframeApi) => {
      window.clearTimeout(timer);
      resolve(api);
    };
    const fail = (error: Error) => {
      window.clearTimeout(timer);
      reject(error);
    };

    // The API calls this global when it is ready. Keep whatever the page (or another widget) set before.
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      try {
        if (typeof previous === 'function') previous();
      } catch (error) {
        console.error('An earlier onYouTubeIframeAPIReady callback failed:', error);
      }
      const api = readyApi();
      if (api) succeed(api);
      else fail(new Error('The video API said it was ready but has no Player.'));
    };

    // Someone else may have started the same load: wait for it instead of loading twice.
    if (Array.from(document.scripts).some((script) => script.src === absoluteSrc)) return;
    const script = document.createElement('script');
    script.src = absoluteSrc;
    script.async = true;
    script.addEventListener('error', () => fail(new Error(`The video API script could not be loaded from ${src}.`)));
    document.head.append(script);
  });
}

/**
 * Loads the video site's iframe API on demand and resolves with `window.YT` once it is ready.
 * The script is added once per page for a URL; later calls share the same promise. It rejects when the script
 * fails to load (offline, blocked by a Content-Security-Policy) or the API is not ready within `timeoutMs`;
 * the failure is remembered, so later thumbnails fall back at once instead of waiting again.
 */
export function loadIframeApi(src: string, timeoutMs: number): Promise<VideoIframeApi> {
  const ready = readyApi();
  if (ready) return Promise.resolve(ready);
  let load = loads.get(src);
  if (!load) {
    load = injectAndWait(src, timeoutMs);
    loads.set(src, load);
  }
  return load;
}
