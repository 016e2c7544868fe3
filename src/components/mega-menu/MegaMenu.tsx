import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { allNodes, ariaCurrentOf, findCurrent } from '../../core/navigation-tree';
import { Adopt, dispatch, useMessages, useServerContent, useKitId, type ElementProps, type PropsOf } from '../../web-component';
import { useLayout } from '../mobile-nav/use-mobile-layout';
import { arrowTarget, hasModifier } from './arrow-keys';
import { parseMegaMenu } from './parse-mega-menu';
import { MenuSectionControls } from './MenuSectionControls';
import { usePanelDismiss, type DismissReason } from './use-panel-dismiss';

export const megaMenuMessages = {
  /** The section's own link, first in its panel; `{section}` is the link's text as the server wrote it. */
  sectionLink: 'All {section}',
};

export const megaMenuAttributes = {
  /** The path (or address) of the current page; the page's own address when absent. */
  currentPath: 'string',
} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** A panel opened or closed. `index` counts the top-level items from 0; `href` is the section's link. */
    'mega-menu-toggle': { index: number; label: string; href: string | null; open: boolean };
  }
}

const ELEMENT = 'mega-menu';

type MegaMenuProps = PropsOf<typeof megaMenuAttributes> & ElementProps;

export function MegaMenu({ host, serverNodes, i18n, currentPath }: MegaMenuProps) {
  const t = useMessages(megaMenuMessages, i18n, ELEMENT);
  const { list, items, sections, nodes } = useServerContent(serverNodes, parseMegaMenu);
  const layout = useLayout();
  const [open, setOpen] = useState<number | null>(null);
  // Document listeners read the open panel when an event comes, not when they were added.
  const openRef = useRef<number | null>(null);
  const baseId = useKitId('mega-menu');
  const buttonId = useCallback((index: number) => `${baseId}-button-${index}`, [baseId]);
  const panelId = useCallback((index: number) => `${baseId}-panel-${index}`, [baseId]);

  useEffect(() => {
    if (!list) console.warn(`<${ELEMENT}>: no navigation list found. Put the site's <nav> (or its <ul>) inside the element.`);
  }, [list]);

  const change = useCallback(
    (next: number | null) => {
      const previous = openRef.current;
      if (previous === next) return;
      openRef.current = next;
      setOpen(next);
      const detail = (index: number, isOpen: boolean) => ({ index, label: items[index].label, href: items[index].href, open: isOpen });
      if (previous !== null) dispatch(host, 'mega-menu-toggle', detail(previous, false));
      if (next !== null) dispatch(host, 'mega-menu-toggle', detail(next, true));
    },
    [host, items],
  );

  const openItem = useCallback(() => (openRef.current === null ? null : items[openRef.current].item), [items]);
  const dismiss = useCallback(
    (reason: DismissReason) => {
      const index = openRef.current;
      if (index === null) return;
      if (reason === 'escape') {
        const focused = document.activeElement;
        if (!focused || focused === document.body || items[index].item.contains(focused)) document.getElementById(buttonId(index))?.focus();
      }
      change(null);
    },
    [items, buttonId, change],
  );
  usePanelDismiss(host, openItem, dismiss);

  // Panels are placed under the bar: the list is their containing block.
  useLayoutEffect(() => {
    list?.classList.add('mega-menu__list');
    return () => list?.classList.remove('mega-menu__list');
  }, [list]);

  // The current page's link says so; so do the links (and buttons) of the sections it is in.
  const current = useMemo(() => findCurrent(items, currentPath?.trim() || location.href, location.href), [items, currentPath]);
  useLayoutEffect(() => {
    for (const node of allNodes(items)) {
      const state = ariaCurrentOf(node, current);
      if (!node.link) continue;
      if (state) node.link.setAttribute('aria-current', state);
      else node.link.removeAttribute('aria-current');
    }
  }, [items, current]);

  // Optional APG keys: Left/Right/Home/End along the bar; Down into an open panel; Up/Down/Home/End in it.
  // Listened for from the first commit.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || hasModifier(event) || !(event.target instanceof HTMLElement)) return;
      const target = event.target;
      const controls = items
        .map((node, index) => (node.children.length > 0 ? document.getElementById(buttonId(index)) : node.link))
        .filter((control): control is HTMLElement => control !== null);
      const move = (to: HTMLElement | undefined) => {
        if (!to) return;
        event.preventDefault();
        to.focus();
      };
      const panelLinks = (index: number) =>
        Array.from(document.getElementById(panelId(index))?.querySelectorAll<HTMLElement>('a[href]') ?? []);

      const position = controls.indexOf(target);
      if (position >= 0) {
        if (event.key === 'ArrowDown' && target.getAttribute('aria-expanded') === 'true') {
          move(panelLinks(openRef.current ?? -1)[0]);
          return;
        }
        const to = arrowTarget(event.key, position, controls.length, 'row');
        if (to !== null) move(controls[to]);
        return;
      }
      const index = openRef.current;
      if (index === null) return;
      const links = panelLinks(index);
      const at = links.indexOf(target);
      if (at < 0) return;
      if (event.key === 'ArrowUp' && at === 0) {
        move(document.getElementById(buttonId(index)) ?? undefined);
        return;
      }
      const to = arrowTarget(event.key, at, links.length, 'column');
      if (to !== null) move(links[to]);
    };
    host.addEventListener('keydown', onKeyDown);
    return () => host.removeEventListener('keydown', onKeyDown);
  }, [host, items, buttonId, panelId]);

  return (
    <>
      {/* CSS follows the breakpoint of src/core/constants.ts through data-layout. */}
      <Adopt className="mega-menu" data-layout={layout} nodes={nodes} />
      {sections.map((section) =>
        createPortal(
          <MenuSectionControls
            section={section}
            open={open === section.index}
            buttonId={buttonId(section.index)}
            panelId={panelId(section.index)}
            current={ariaCurrentOf(section.node, current) ? 'true' : undefined}
            sectionLink={t.sectionLink}
            onToggle={() => change(openRef.current === section.index ? null : section.index)}
          />,
          section.node.item,
          `section-${section.index}`,
        ),
      )}
    </>
  );
}
