import { useEffect } from 'react';

/**
 * While `active`, calls `onDismiss` on a click outside `host`, and on Escape pressed inside it
 * (`byEscape` true: the caller returns focus to its toggle).
 */
export function useDismiss(host: HTMLElement, active: boolean, onDismiss: (byEscape: boolean) => void): void {
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (!event.composedPath().includes(host)) onDismiss(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onDismiss(true);
    };
    document.addEventListener('click', onClick);
    host.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      host.removeEventListener('keydown', onKeyDown);
    };
  }, [host, active, onDismiss]);
}
