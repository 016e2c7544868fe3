import { useLayoutEffect, useState, type RefObject } from 'react';

export interface HorizontalOverflow {
  /** The content is wider than the box: it scrolls. */
  overflowing: boolean;
  /** There is hidden content towards the start (left in left-to-right text) and towards the end. */
  moreStart: boolean;
  moreEnd: boolean;
}

const NONE: HorizontalOverflow = { overflowing: false, moreStart: false, moreEnd: false };
/** Sub-pixel layout can leave a pixel of rounding: that is not something to scroll to. */
const TOLERANCE_PX = 1;

function measure(scroller: HTMLElement): HorizontalOverflow {
  const hidden = scroller.scrollWidth - scroller.clientWidth;
  if (hidden <= TOLERANCE_PX) return NONE;
  // Right-to-left scrollers count scrollLeft from 0 down to negative values.
  const position = Math.abs(scroller.scrollLeft);
  return { overflowing: true, moreStart: position > TOLERANCE_PX, moreEnd: position < hidden - TOLERANCE_PX };
}

const same = (a: HorizontalOverflow, b: HorizontalOverflow) =>
  a.overflowing === b.overflowing && a.moreStart === b.moreStart && a.moreEnd === b.moreEnd;

/**
 * Whether a horizontal scroller's content overflows, and on which sides there is more to see. Follows
 * the box and its `content` elements as they resize (ResizeObserver) and as the visitor scrolls.
 */
export function useHorizontalOverflow(ref: RefObject<HTMLElement | null>, content: readonly Node[]): HorizontalOverflow {
  const [overflow, setOverflow] = useState(NONE);
  useLayoutEffect(() => {
    const scroller = ref.current;
    if (!scroller) return;
    const update = () => {
      const next = measure(scroller);
      setOverflow((current) => (same(current, next) ? current : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    for (const node of content) if (node instanceof Element) observer.observe(node);
    scroller.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', update);
    };
  }, [ref, content]);
  return overflow;
}
