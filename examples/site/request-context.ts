import { createContext, useContext } from 'hono/jsx';

/** What a page's shared layout needs to know about the request it answers. */
export interface PageRequest {
  /** The visitor just sent feedback without JavaScript (the form redirected back here). */
  feedbackSent: boolean;
  /** The timestamp of the announcement the visitor closed (the ANNOUNCEMENT_CLOSED cookie), if any. */
  dismissedAnnouncement: string | undefined;
}

export const PageRequestContext = createContext<PageRequest>({ feedbackSent: false, dismissedAnnouncement: undefined });
export const usePageRequest = () => useContext(PageRequestContext);
