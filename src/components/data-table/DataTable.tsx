import { useEffect, useLayoutEffect, useRef } from 'react';
import { Adopt, dispatch, hasContent, useMessages, useServerContent, useKitId, type ElementProps, type PropsOf } from '../../web-component';

import { parseDataTable } from './parse-data-table';
import { useHorizontalOverflow } from './use-horizontal-overflow';

export const dataTableMessages = {
  /** Names the scroll region when the table has no caption and the element no `label`. */
  label: 'Data table',
  /** Read after the region's name while the table is wider than the page. */
  scrollHint: 'Scroll to see more',
};

export const dataTableAttributes = {
  /** Names the scroll region when the table has no caption. */
  label: 'string',
} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The table started or stopped being wider than its box. */
    'data-table-overflow': { overflowing: boolean };
  }
}

type DataTableProps = PropsOf<typeof dataTableAttributes> & ElementProps;

/** What a server may put on the host to make it the scroll region without JavaScript. */
const NO_SCRIPT_REGION_ATTRIBUTES = ['tabindex', 'role', 'aria-label', 'aria-labelledby'];

export function DataTable({ host, serverNodes, i18n, label }: DataTableProps) {
  const t = useMessages(dataTableMessages, i18n, 'data-table');
  const { content, caption, before, after, all } = useServerContent(serverNodes, parseDataTable);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { overflowing, moreStart, moreEnd } = useHorizontalOverflow(scrollerRef, content);
  const baseId = useKitId('data-table');
  // A caption keeps the id the server gave it; one without gets ours (and keeps it if the element remounts).
  const captionId = caption?.id || `${baseId}-caption`;
  const hintId = `${baseId}-hint`;
  const reported = useRef(false);

  useLayoutEffect(() => {
    if (caption && !caption.id) caption.setAttribute('id', captionId);
  }, [caption, captionId]);

  // Before it upgrades, the host itself may be the keyboard-scrollable region (tabindex, role and name from
  // the server, for visitors without JavaScript). Once upgraded, the inner scroller takes that job, only when
  // the table overflows, so the host gives it up: one tab stop, one region. A host that has keyboard focus at
  // that moment keeps its region until focus moves on: taking it away would drop the visitor's focus to the page.
  useLayoutEffect(() => {
    const fallback = NO_SCRIPT_REGION_ATTRIBUTES.map((name) => [name, host.getAttribute(name)] as const).filter(
      ([, value]) => value !== null,
    );
    const giveUp = () => {
      for (const [name] of fallback) host.removeAttribute(name);
    };
    const focused = host.ownerDocument.activeElement === host;
    if (focused) host.addEventListener('focusout', giveUp, { once: true });
    else giveUp();
    return () => {
      host.removeEventListener('focusout', giveUp);
      for (const [name, value] of fallback) host.setAttribute(name, value as string);
    };
  }, [host]);

  useEffect(() => {
    if (content.length === 0) console.warn('<data-table>: no table found. Put a <table> (with a <caption>) inside the element.');
  }, [content]);

  // Told as the table becomes (or stops being) a scrolling region, in the same commit: whoever sees the new state
  // in the page has already had the event.
  useLayoutEffect(() => {
    if (overflowing === reported.current) return;
    reported.current = overflowing;
    dispatch(host, 'data-table-overflow', { overflowing });
  }, [host, overflowing]);

  if (content.length === 0) return <Adopt className="data-table__content" nodes={all} />;

  // The caption names the region; without one, the label attribute; without that, the default.
  const named = caption?.textContent?.trim() ? { 'aria-labelledby': captionId } : { 'aria-label': label?.trim() || t.label };
  // Only a table that scrolls is a region and a tab stop: one that fits is just a table.
  const region = overflowing ? { role: 'region', tabIndex: 0, 'aria-describedby': hintId, ...named } : {};

  return (
    <div className="data-table">
      {hasContent(before) && <Adopt className="data-table__content" nodes={before} />}
      <div
        className="data-table__frame"
        data-overflowing={overflowing ? '' : undefined}
        data-more-start={moreStart ? '' : undefined}
        data-more-end={moreEnd ? '' : undefined}
      >
        <div ref={scrollerRef} className="data-table__scroller" {...region}>
          <Adopt className="data-table__table" nodes={content} />
        </div>
        {overflowing && (
          <span id={hintId} className="data-table__hint civic-visually-hidden">
            {t.scrollHint}
          </span>
        )}
      </div>
      {hasContent(after) && <Adopt className="data-table__content" nodes={after} />}
    </div>
  );
}
