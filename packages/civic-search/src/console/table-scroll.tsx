/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';

/**
 * A table wider than a phone scrolls sideways in a region of its own, which keyboard users must be able to reach (so
 * it is a tab stop) and which is named for screen readers: by the heading over it (`labelledBy`), or by `label`.
 */
export function TableScroll({ labelledBy, label, children }: { labelledBy?: string; label?: string; children: Child }) {
  const name = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div class="table-scroll" role="region" {...name} tabindex={0}>
      {children}
    </div>
  );
}
