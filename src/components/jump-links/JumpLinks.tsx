import { useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import { DEFAULT_IGNORE_SELECTOR } from '../../core/jump-links';
import { Adopt, dispatch, useMessages, useKitId, type ElementProps, type PropsOf } from '../../web-component';
import { aimAtHeading } from './aim-at-heading';
import { arrivedAfresh, fragmentFor, fragmentTarget, moveFocusTo } from './focus-section';
import { isValidSelector, type HeadingLink } from './read-headings';
import { useCurrentSection } from './use-current-section';
import { useHeadingLinks } from './use-heading-links';

export const jumpLinksMessages = {
  title: 'On this page',
};

export const jumpLinksAttributes = {
  /** Selector of the content region whose h2 headings are listed. */
  content: 'string',
  /** Selector of headings to leave out. */
  ignore: 'string',
} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** A jump link took the visitor to a section: `id` is the section heading's id. */
    'jump-links-navigate': { id: string };
  }
}

const DEFAULT_CONTENT_SELECTOR = 'main';

type JumpLinksProps = PropsOf<typeof jumpLinksAttributes> & ElementProps;

/** The content region, or null (with a warning naming the attribute) when the selector finds nothing. */
function findRegion(selector: string): Element | null {
  if (!isValidSelector(selector)) {
    console.warn(`<jump-links> content: "${selector}" is not a valid selector; the jump links are hidden.`);
    return null;
  }
  const region = document.querySelector(selector);
  if (!region) console.warn(`<jump-links> content: no element matches "${selector}"; the jump links are hidden.`);
  return region;
}

function ignoreSelector(selector: string | undefined): string {
  if (!selector?.trim()) return DEFAULT_IGNORE_SELECTOR;
  if (isValidSelector(selector)) return selector;
  console.warn(`<jump-links> ignore: "${selector}" is not a valid selector; using "${DEFAULT_IGNORE_SELECTOR}".`);
  return DEFAULT_IGNORE_SELECTOR;
}

/** A plain left click (not a new tab or window, not a download). */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The contents list a server may render inside the element for visitors without JavaScript. */
const SERVER_LIST_SELECTOR = '.jump-links';

export function JumpLinks({ host, serverNodes, i18n, content, ignore }: JumpLinksProps) {
  const t = useMessages(jumpLinksMessages, i18n, 'jump-links');
  const region = useMemo(() => findRegion(content?.trim() || DEFAULT_CONTENT_SELECTOR), [content]);
  const ignoring = useMemo(() => ignoreSelector(ignore), [ignore]);
  const links = useHeadingLinks(host, region, ignoring);
  const [current, setCurrent] = useCurrentSection(links);
  const titleId = useKitId('jump-links');
  const built = links === null ? null : links.length > 0;
  // A server-rendered list (`.jump-links`, the no-JavaScript contents) gives way to the built one, which has the same
  // markup, so nothing moves. Any other children the server put there are kept, after the list.
  const strays = useMemo(() => serverNodes.filter(isStray), [serverNodes]);

  // Too few headings: hide the element and its layout column, so the content can use the full width.
  useLayoutEffect(() => {
    if (built === null) return;
    host.toggleAttribute('hidden', !built);
    host.closest('[data-jump-links-area]')?.toggleAttribute('hidden', !built);
  }, [host, built]);

  // An address naming a section (a shared link) puts its heading at the top and keeps it there while the content
  // above upgrades and changes size: the browser's own jump happened before that, and a generated id did not even
  // exist yet. A reload or a return through history is left where the browser put it back. Before the next paint,
  // so no frame shows the page elsewhere.
  const scrolledToFragment = useRef(false);
  useLayoutEffect(() => {
    if (!links?.length || scrolledToFragment.current) return;
    scrolledToFragment.current = true;
    const target = fragmentTarget();
    const link = links.find((candidate) => candidate.heading === target);
    if (link && arrivedAfresh()) aimAtHeading(link.id, { smooth: false });
  }, [links]);

  const navigate = (event: MouseEvent<HTMLAnchorElement>, link: HeadingLink) => {
    if (event.defaultPrevented || !isPlainClick(event)) return;
    // By id, not by the element read earlier: an element upgrading may have replaced the heading since.
    const heading = document.getElementById(link.id);
    if (!heading) return;
    event.preventDefault();
    moveFocusTo(heading);
    const fragment = fragmentFor(link.id);
    if (location.hash !== fragment) history.pushState(null, '', fragment);
    setCurrent(link.id);
    dispatch(host, 'jump-links-navigate', { id: link.id });
  };

  return (
    <>
      {built && (
        <nav className="jump-links" aria-labelledby={titleId}>
          <h2 className="jump-links__title" id={titleId}>
            {t.title}
          </h2>
          <ol className="jump-links__list">
            {links!.map((link) => (
              <li key={link.id} className="jump-links__item">
                <a
                  className="jump-links__link"
                  href={fragmentFor(link.id)}
                  aria-current={current === link.id ? 'true' : undefined}
                  onClick={(event) => navigate(event, link)}
                >
                  {link.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {strays.length > 0 && <Adopt nodes={strays} />}
    </>
  );
}

function isStray(node: Node): boolean {
  if (node instanceof Element) return !node.matches(SERVER_LIST_SELECTOR);
  return node.nodeType !== Node.TEXT_NODE || Boolean(node.textContent?.trim());
}
