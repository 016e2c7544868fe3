/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import { navigation } from './navigation';
import { site } from './site';
import { usePageRequest } from './request-context';
import { shouldShowAnnouncement, MOBILE_BREAKPOINT_PX, ariaCurrentOf, findCurrent, subsiteClass } from 'civic-elements/core';
import { SEARCH_ENGINE, SEARCH_FIELD_MAX_LENGTH } from './search/search-engine';
import { ANNOUNCEMENT_CLOSE_PATH } from './site-settings/routes';
import { SUBSITE_STYLESHEET_PATH, type Subsite } from './site-settings/subsites';
import { PageMeta, type PageFields } from './PageMeta';

export interface LayoutProps {
  title: string;
  /**
   * Kit elements near the top of this page: their code is fetched at once, alongside the autoloader. The
   * autoloader loads the others as they come into view; hinting those would make every visitor pay for them.
   */
  elements?: readonly string[];
  /** The current path, marked in the navigation. */
  path: string;
  bodyClass?: string;
  /** Content spans the page width (landing pages of cards); prose pages keep a readable line length. */
  wide?: boolean;
  /**
   * The page's heading block (breadcrumbs, title). With an aside it is rendered first, then the aside, then
   * the content: on phones the contents list follows the title, on wide screens the aside is the left column.
   */
  intro?: Child;
  /** Beside the content on wide screens, after the intro on phones (e.g. jump links). */
  aside?: Child;
  /** The subsite the page belongs to: its colours theme the page's content, with and without JavaScript. */
  subsite?: Subsite;
  /** The page's search fields, written as meta tags (default: the hand-written page at `path`, if it is one). */
  fields?: PageFields;
  /** The meta description of a page that is no search document of its own (a listing, a form). */
  description?: string;
  /** The page must not be in search (a confirmation, not found, search results): robots noindex, no canonical. */
  noindex?: boolean;
  children?: Child;
}

/**
 * Elements in every page's header whose code is fetched at once: the Menu button's, only for the screens that show
 * it (at the kit's MOBILE_BREAKPOINT_PX). The search box, the mega menu and the announcement work as the server
 * writes them, so the autoloader loads them when the visitor turns to them or the browser is idle: hinting them
 * would put their code (and the renderer) back on every page's first load.
 */
const HEADER_ELEMENTS: ReadonlyArray<{ tag: string; media?: string }> = [
  { tag: 'mobile-nav', media: `(max-width: ${MOBILE_BREAKPOINT_PX}px)` },
];

/** Navigation links are site paths: any origin resolves them, only the paths are compared. */
const PATH_BASE = 'http://harbourton.invalid/';

export function Layout({
  title,
  elements = [],
  path,
  bodyClass,
  wide = false,
  intro,
  aside,
  subsite,
  fields,
  description,
  noindex,
  children,
}: LayoutProps) {
  const preloads = [...HEADER_ELEMENTS, ...elements.map((tag) => ({ tag, media: undefined }))];
  const content = (
    <>
      {intro && <div class="page__intro">{intro}</div>}
      {aside && (
        <div class="page__aside" data-jump-links-area>
          {aside}
        </div>
      )}
      <div class="page__body">{children}</div>
    </>
  );
  return (
    <html lang="en-NZ">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} | ${site.name}`}</title>
        <PageMeta path={path} fields={fields} description={description} noindex={noindex} />
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/site.css" />
        <link rel="stylesheet" href="/dist/civic-elements.css" />
        {subsite && <link rel="stylesheet" href={SUBSITE_STYLESHEET_PATH} />}
        {/* The autoloader loads each element as it comes into view; the hints fetch the ones at the top at once. */}
        <script type="module" src="/dist/autoload.js"></script>
        {preloads.map(({ tag, media }) => (
          // The class module is what the autoloader imports (it registers the class itself).
          <link rel="modulepreload" href={`/dist/classes/${tag}.js`} media={media} />
        ))}
      </head>
      <body class={bodyClass}>
        <div id="top" class="skip-links">
          <a class="skip-link" href="#main-content">
            Skip to main content
          </a>
        </div>
        <header class="site-header">
          <SiteAnnouncement path={path} />
          <div class="site-header__masthead">
            <div class="site-header__bar page-width">
              <a class="site-header__logo" href="/">
                <span class="site-header__crest" aria-hidden="true"></span>
                {site.name}
              </a>
              <site-search data-engine-name={SEARCH_ENGINE}>
                <form class="site-search" action={site.searchAction} method="get" role="search">
                  <label class="site-search__label" for="site-search-input">{`Search ${site.name} website`}</label>
                  <input
                    class="site-search__input"
                    id="site-search-input"
                    name="Search"
                    type="search"
                    placeholder={`Search ${site.shortName}`}
                    autocomplete="off"
                    maxlength={SEARCH_FIELD_MAX_LENGTH}
                  />
                  <button class="site-search__button" type="submit">
                    Search
                  </button>
                </form>
              </site-search>
              <mobile-nav for="site-nav" current-path={path}></mobile-nav>
            </div>
          </div>
          <SiteNavigation path={path} />
        </header>
        <div class="page-width page">
          <main
            class={`page__main${wide ? ' page__main--wide' : ''}${aside ? ' page__main--with-aside' : ''}`}
            id="main-content"
            tabindex={-1}
          >
            {subsite ? (
              // The class gives the colours from the server's stylesheet; the element sets the same from its attributes,
              // so its code can wait until the browser is idle.
              <subsite-theme
                class={subsiteClass(subsite.slug)}
                colour={subsite.colour}
                secondary-colour={subsite.secondaryColour}
                data-civic-upgrade="idle"
              >
                {content}
              </subsite-theme>
            ) : (
              content
            )}
            <div class="page-end">
              <feedback-widget>
                <PageFeedback path={path} />
              </feedback-widget>
              <jump-to-top>
                <a class="jump-to-top__link" href="#top">
                  Back to top
                </a>
              </jump-to-top>
            </div>
          </main>
        </div>
        <SiteFooter />
      </body>
    </html>
  );
}

/**
 * The CMS's navigation tree, written once: <mega-menu> turns it into panels on wide screens and <mobile-nav>
 * (in the header bar) reads it for its overlay on narrow ones. Without JavaScript, every top-level link leads to
 * its section page and the child lists and summaries are hidden by CSS.
 */
function SiteNavigation({ path }: { path: string }) {
  const current = findCurrent(navigation, path, PATH_BASE);
  return (
    <mega-menu current-path={path}>
      <nav class="site-nav" id="site-nav" aria-label="Main">
        <ul class="site-nav__list page-width">
          {navigation.map((item) => (
            <li class="site-nav__item">
              <a class="site-nav__link" href={item.href} aria-current={ariaCurrentOf(item, current)}>
                {item.title}
              </a>
              {item.children && <p class="site-nav__summary">{item.summary}</p>}
              {item.children && (
                <ul class="site-nav__children">
                  {item.children.map((child) => (
                    <li>
                      <a href={child.href} aria-current={ariaCurrentOf(child, current)}>
                        {child.title}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </mega-menu>
  );
}

/**
 * The site-wide announcement; not sent at all to a visitor who closed it, so nothing shifts when scripts run.
 * Its close form works without JavaScript (the server remembers the dismissal and returns here); the element
 * turns the form's button into its Close button, which closes the banner in place.
 */
function SiteAnnouncement({ path }: { path: string }) {
  if (!shouldShowAnnouncement(usePageRequest().dismissedAnnouncement, site.announcement.timestamp)) return null;
  return (
    <div class="site-announcement">
      <div class="page-width">
        {/* Closed without JavaScript by its form, and left out once dismissed: its code can wait for the visitor. */}
        <announcement-banner
          data-timestamp={site.announcement.timestamp}
          data-expires={site.announcement.expires}
          data-civic-upgrade="intent"
        >
          <h2 class="announcement__title">Holiday collection changes</h2>
          <p>
            Rubbish and recycling will be collected one day later than usual in the weeks of Christmas and New Year.{' '}
            <a href="/services/rubbish-and-recycling/collection-days">Check your collection day</a>.
          </p>
          <form class="announcement-banner__close-form" action={ANNOUNCEMENT_CLOSE_PATH} method="post" data-announcement-close>
            <input type="hidden" name="timestamp" value={site.announcement.timestamp} />
            <input type="hidden" name="return" value={path} />
            <button class="announcement-banner__close" type="submit" aria-label="Close announcement">
              <span class="announcement-banner__close-text">Close</span>
              <svg class="announcement-banner__close-icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
                <path d="M3 3l10 10M13 3 3 13" stroke="currentColor" stroke-width="2" stroke-linecap="round" fill="none" />
              </svg>
            </button>
          </form>
        </announcement-banner>
      </div>
    </div>
  );
}

function SiteFooter() {
  return (
    <footer class="site-footer">
      <div class="page-width site-footer__inner">
        <nav aria-label="Footer">
          <h2 class="civic-visually-hidden">Support links</h2>
          <ul class="site-footer__links">
            <li>
              <a href="/contact">Contact us</a>
            </li>
            <li>
              <a href="/services/building-and-planning">Building and planning</a>
            </li>
            <li>
              <a href="/services/rates-and-property">Rates and property</a>
            </li>
            <li>
              <a href="/guidance/building-consent">Apply for a building consent</a>
            </li>
            <li>
              <a href="/documents">Document library</a>
            </li>
            <li>
              <a href="/news">News</a>
            </li>
            <li>
              <a href="/forms">Forms and tools</a>
            </li>
          </ul>
        </nav>
        <p class="site-footer__meta">© 2026 {site.name}. All content is available under an open licence, except where otherwise stated.</p>
      </div>
    </footer>
  );
}

/** "Is this page useful?", or the thanks once a visitor without JavaScript has answered. */
function PageFeedback({ path }: { path: string }) {
  if (usePageRequest().feedbackSent) {
    return (
      <p class="feedback__thanks" role="status">
        Thank you for your feedback.
      </p>
    );
  }
  return (
    <form class="feedback" action="/feedback" method="post">
      <input type="hidden" name="page" value={path} />
      <fieldset class="feedback__fieldset">
        <legend class="feedback__question">Is this page useful?</legend>
        <button class="button button--secondary" type="submit" name="useful" value="yes">
          Yes
        </button>
        <button class="button button--secondary" type="submit" name="useful" value="no">
          No
        </button>
      </fieldset>
    </form>
  );
}
