import { useEffect, useLayoutEffect } from 'react';
import { Adopt, dispatch, useServerContent, type ElementProps } from '../../web-component';
import { focusTarget } from './focus-target';
import { parseJumpLink } from './parse-jump-link';
import { prefersReducedMotion, scrollToTopAtOnce, scrollToTopStepwise } from './scroll-to-top';

export const jumpToTopAttributes = {} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The page reached the top and focus moved to the skip links (not sent when the visitor interrupted). */
    'jump-to-top-done': Record<string, never>;
  }
}

const ELEMENT = 'jump-to-top';

/** A click the browser should handle itself: another button, or a modifier for a new tab or window. */
const isSpecialClick = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

export function JumpToTop({ host, serverNodes }: ElementProps) {
  const { link, targetId } = useServerContent(serverNodes, parseJumpLink);

  useEffect(() => {
    if (!link) console.warn(`<${ELEMENT}>: no link to a place on this page (such as <a href="#top">) found inside.`);
  }, [link]);

  // Listen before the first paint: a click that comes right after the upgrade must not fall through to the link.
  useLayoutEffect(() => {
    if (!link) return;
    let stop: (() => void) | undefined;

    const arrive = () => {
      const target = document.getElementById(targetId);
      if (target) focusTarget(target);
      else console.warn(`<${ELEMENT}>: no element with id "${targetId}" to move focus to.`);
      dispatch(host, 'jump-to-top-done', {});
    };

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || isSpecialClick(event)) return;
      // The page scrolls by script instead of following the link, so the URL does not change.
      event.preventDefault();
      stop?.();
      if (prefersReducedMotion()) {
        scrollToTopAtOnce();
        arrive();
        return;
      }
      host.toggleAttribute('data-scrolling', true);
      stop = scrollToTopStepwise({ onDone: arrive, onEnd: () => host.removeAttribute('data-scrolling') });
    };

    link.addEventListener('click', onClick);
    return () => {
      link.removeEventListener('click', onClick);
      stop?.();
    };
  }, [link, targetId, host]);

  return <Adopt className="jump-to-top" nodes={serverNodes} />;
}
