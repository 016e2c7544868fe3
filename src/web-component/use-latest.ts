import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest value, for listeners added once that must read current state when an event
 * comes. Re-adding a listener in an effect whenever state changes leaves a gap: one renderer runs effects a frame
 * later than another, and an event in between (a second quick key press) would reach the listener with old state.
 * Updated as the render commits, before the browser can deliver another event.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
