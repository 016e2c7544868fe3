import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { MOBILE_OVERLAY_CLEANUP_MS } from '../../core/constants';
import { findCurrent, navigationTree, type NavNode } from '../../core/navigation-tree';
import { Adopt, dispatch, hasContent, useMessages, useKitId, type ElementProps, type PropsOf } from '../../web-component';
import { NavLevel } from './NavLevel';
import { useLayout } from './use-mobile-layout';
import { useNavSource } from './use-nav-source';

export const mobileNavMessages = {
  /** The button that opens the overlay, and the overlay's title. */
  menu: 'Menu',
  close: 'Close menu',
  back: 'Back',
  /** A section's own link, first in its level; `{section}` is the section's name. */
  sectionLink: 'All {section}',
  /** The overlay's navigation landmark, when the page's `<nav>` has no name of its own. */
  navigation: 'Main',
};

export const mobileNavAttributes = {
  /** The id of the page's navigation (its `<nav>`, or the list itself). */
  for: 'string',
  /** The path (or address) of the current page; the page's own address when absent. */
  currentPath: 'string',
} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The overlay opened or closed (by its buttons, Escape, or the window growing past the breakpoint). */
    'mobile-nav-toggle': { open: boolean };
  }
}

const ELEMENT = 'mobile-nav';

/** Closed; open; or closed and waiting MOBILE_OVERLAY_CLEANUP_MS (the close animation) to clean up. */
type Phase = 'closed' | 'open' | 'closing';

type MobileNavProps = PropsOf<typeof mobileNavAttributes> & ElementProps;

interface Level {
  parent: NavNode | null;
  items: readonly NavNode[];
}

export function MobileNav({ host, serverNodes, i18n, for: forId, currentPath }: MobileNavProps) {
  const t = useMessages(mobileNavMessages, i18n, ELEMENT);
  const source = useNavSource(host, forId, ELEMENT);
  const tree = useMemo(() => (source ? navigationTree(source.list) : []), [source]);
  const usable = tree.length > 0;
  const layout = useLayout();
  const [phase, setPhase] = useState<Phase>('closed');
  /**
   * The open levels below the top one (the index of the item opened at each level), and the id of the element to
   * focus once that has rendered.
   */
  const [{ path, focusId }, setLevels] = useState<{ path: number[]; focusId: string | null }>({ path: [], focusId: null });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  /** The window grew past the breakpoint: the Menu button is hidden, so focus is left to the browser. */
  const closingForLayout = useRef(false);
  const baseId = useKitId('mobile-nav');
  const dialogId = `${baseId}-dialog`;
  const titleId = `${baseId}-title`;
  const levelIds = useCallback(
    (depth: number) => ({
      level: `${baseId}-level-${depth}`,
      heading: `${baseId}-heading-${depth}`,
      item: (index: number) => `${baseId}-item-${depth}-${index}`,
    }),
    [baseId],
  );
  const current = useMemo(() => findCurrent(tree, currentPath?.trim() || location.href, location.href), [tree, currentPath]);

  useEffect(() => {
    if (source && !usable) console.warn(`<${ELEMENT}>: the navigation list has no items; the menu button is not shown.`);
  }, [source, usable]);

  // Below the breakpoint the page's own navigation gives way to the Menu button.
  useLayoutEffect(() => {
    const container = source?.container;
    if (!container || !usable || layout !== 'mobile' || container.hasAttribute('hidden')) return;
    container.setAttribute('hidden', '');
    return () => container.removeAttribute('hidden');
  }, [source, usable, layout]);

  const openMenu = () => {
    setLevels({ path: [], focusId: null });
    setPhase('open');
    dispatch(host, 'mobile-nav-toggle', { open: true });
  };

  // A modal dialog: focus stays inside, the page behind is inert, Escape closes it.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (phase !== 'open' || !dialog || dialog.open) return;
    dialog.showModal();
    closeRef.current?.focus();
  }, [phase]);

  // However it closed (Close, Escape, the breakpoint), focus goes back to the Menu button; clean-up comes later.
  // Listened for as the dialog commits, so no close is missed.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onClose = () => {
      setPhase('closing');
      dispatch(host, 'mobile-nav-toggle', { open: false });
      if (!closingForLayout.current) toggleRef.current?.focus();
      closingForLayout.current = false;
    };
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [host, usable]);

  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(() => {
      setPhase('closed');
      setLevels({ path: [], focusId: null });
    }, MOBILE_OVERLAY_CLEANUP_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // A window grown past the breakpoint closes the dialog as the layout changes, not a frame later.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (layout !== 'desktop' || !dialog?.open) return;
    closingForLayout.current = true;
    dialog.close();
  }, [layout]);

  const levels = useMemo(() => {
    const result: Level[] = [{ parent: null, items: tree }];
    for (const index of path) {
      const parent = result[result.length - 1].items[index];
      if (!parent) break;
      result.push({ parent, items: parent.children });
    }
    return result;
  }, [tree, path]);

  // Opening a level puts focus on its heading; Back puts it on the button that opened the level.
  useLayoutEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [path, focusId]);

  const openChild = (depth: number, index: number) =>
    setLevels({ path: [...path.slice(0, depth), index], focusId: levelIds(depth + 1).heading });
  const back = (depth: number) => setLevels({ path: path.slice(0, depth - 1), focusId: levelIds(depth - 1).item(path[depth - 1]) });

  const serverContent = hasContent(serverNodes) && <Adopt className="mobile-nav__content" nodes={serverNodes} />;
  if (!source || !usable) return serverContent || null;

  // The close animation's length comes from the same constant as the clean-up delay.
  const timing = { '--mobile-nav-duration': `${MOBILE_OVERLAY_CLEANUP_MS}ms` } as CSSProperties;
  return (
    <>
      <div className="mobile-nav" data-layout={layout} data-state={phase} style={timing}>
        <button
          ref={toggleRef}
          type="button"
          className="mobile-nav__toggle"
          aria-expanded={phase === 'open'}
          aria-controls={dialogId}
          onClick={openMenu}
        >
          <span className="mobile-nav__toggle-icon" aria-hidden="true" />
          {t.menu}
        </button>
        <dialog ref={dialogRef} id={dialogId} className="mobile-nav__dialog" aria-labelledby={titleId}>
          <div className="mobile-nav__header">
            <h2 className="mobile-nav__title" id={titleId}>
              {t.menu}
            </h2>
            <button ref={closeRef} type="button" className="mobile-nav__close" onClick={() => dialogRef.current?.close()}>
              <span className="mobile-nav__close-icon" aria-hidden="true" />
              {t.close}
            </button>
          </div>
          <nav className="mobile-nav__nav" aria-label={source.label || t.navigation}>
            {phase !== 'closed' &&
              levels.map((level, depth) => (
                <NavLevel
                  key={depth}
                  parent={level.parent}
                  items={level.items}
                  ids={levelIds(depth)}
                  shown={depth === levels.length - 1}
                  openChild={path[depth]}
                  childLevelId={levelIds(depth + 1).level}
                  current={current}
                  messages={t}
                  onOpenChild={(index) => openChild(depth, index)}
                  onBack={() => back(depth)}
                />
              ))}
          </nav>
        </dialog>
      </div>
      {serverContent}
    </>
  );
}
