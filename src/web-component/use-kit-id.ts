import { useState } from 'react';
import { nextKitId } from '../core/kit-ids';

/**
 * An id for markup a component makes, unique across the page and the same on every render of this component.
 * Use it instead of the renderer's own id hook, which is unique only within one element. Derive related ids from
 * it (`${id}-panel`). A remount (the element moved in the page) gets a fresh one, which is still unique.
 */
export function useKitId(name: string): string {
  const [id] = useState(() => nextKitId(name, inUse));
  return id;
}

/** The page has the id, or one derived from it the way components derive theirs. */
function inUse(id: string): boolean {
  const escaped = CSS.escape(id);
  return document.querySelector(`[id="${escaped}"], [id^="${escaped}-"]`) !== null;
}
