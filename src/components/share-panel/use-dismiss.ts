import { useLayoutEffect } from 'react';
import { useLatest } from '../../web-component';

/**
 * While `active`, calls `onDismiss` on a click outside `host`, and on Escape pressed inside it
 * (`byEscape` true: the caller returns focus to its toggle). Listening starts and stops as `active` changes
 * commit, so a click straight after opening counts and none after closing does; the latest `onDismiss` is called.
 */
export function useDismiss(host: HTMLElement, active: boolean, onDismiss: (byEscape: boolean) => void): void {
  const latest = useLatest(onDismiss);
  useLayoutEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (!event.composedPath().includes(host)) latest.current(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      latest.current(true);
    };
    document.addEventListener('click', onClick);
    host.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      host.removeEventListener('keydown', onKeyDown);
    };
  }, [host, active, latest]);
}
