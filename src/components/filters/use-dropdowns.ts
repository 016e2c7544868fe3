import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLatest } from '../../web-component';
import { flushSync } from 'react-dom';
import type { DropdownMarkup } from './parse-filters';
import { isWideScreen } from './screen';

export interface Dropdowns {
  openIndex: number | null;
  toggle: (index: number) => void;
  /** Opens the dropdown holding an element (a field with an error), at once, so it can take focus. */
  reveal: (element: Element) => void;
  buttons: RefObject<Array<HTMLButtonElement | null>>;
}

/**
 * Only one dropdown is open at a time. Escape closes it and puts focus back on its button;
 * a click outside it closes it on screens wider than the mobile breakpoint. A dropdown holding a field the
 * server marked invalid starts open, and a link to something inside a closed dropdown opens it.
 */
export function useDropdowns(host: HTMLElement, dropdowns: readonly DropdownMarkup[]): Dropdowns {
  const [openIndex, setOpenIndex] = useState<number | null>(() => {
    const index = dropdowns.findIndex((dropdown) => dropdown.panel.querySelector('[aria-invalid="true"]'));
    return index >= 0 ? index : null;
  });
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const toggle = useCallback((index: number) => setOpenIndex((current) => (current === index ? null : index)), []);
  const reveal = useCallback(
    (element: Element) => {
      const index = dropdowns.findIndex((dropdown) => dropdown.panel.contains(element));
      if (index >= 0) flushSync(() => setOpenIndex(index));
    },
    [dropdowns],
  );

  // Listened for from the first commit, once: the listeners read which dropdown is open when an event comes.
  const open = useLatest(openIndex);
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const openIndex = open.current;
      const container = openIndex === null ? undefined : dropdowns[openIndex]?.container;
      if (openIndex === null || !container) return;
      if (event.key !== 'Escape' || event.defaultPrevented || !(event.target instanceof Node) || !host.contains(event.target)) return;
      const inside = container.contains(event.target);
      setOpenIndex(null);
      if (inside) {
        event.preventDefault();
        buttons.current[openIndex]?.focus();
      }
    };
    // A click in another dropdown is that dropdown's toggle: it opens that one and closes this one itself.
    const onClick = (event: MouseEvent) => {
      if (open.current === null) return;
      const path = event.composedPath();
      if (!isWideScreen() || dropdowns.some((dropdown) => path.includes(dropdown.container))) return;
      setOpenIndex(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [host, dropdowns, open]);

  // A link to a field inside a closed dropdown (the error list above the results) opens it first.
  useLayoutEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
      const id = link ? decodeURIComponent(link.hash.slice(1)) : '';
      const target = id ? document.getElementById(id) : null;
      if (!target || !dropdowns.some((dropdown) => dropdown.panel.contains(target))) return;
      event.preventDefault();
      reveal(target);
      target.focus();
    };
    host.addEventListener('click', onClick);
    return () => host.removeEventListener('click', onClick);
  }, [host, dropdowns, reveal]);

  return { openIndex, toggle, reveal, buttons };
}
