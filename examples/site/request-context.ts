import { createContext, useContext } from 'hono/jsx';

/** What a page's shared layout needs to know about the request it answers. */
export interface PageRequest {
  /** The visitor just sent feedback without JavaScript (the form redirected back here). */
  feedbackSent: boolean;
  /** The timestamp of the announcement the visitor closed (the ANNOUNCEMENT_CLOSED cookie), if any. */
  dismissedAnnouncement: string | undefined;
  /** This site's origin as the visitor sees it (`https://www.example.govt.nz`): canonical addresses are built on it. */
  origin: string;
  /** The address had a query string: a filtered, paged or answered view of the page at its bare path. */
  hasQuery: boolean;
}

export const PageRequestContext = createContext<PageRequest>({
  feedbackSent: false,
  dismissedAnnouncement: undefined,
  origin: '',
  hasQuery: false,
});
export const usePageRequest = () => useContext(PageRequestContext);
