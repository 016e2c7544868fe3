import { createContext, useContext } from 'hono/jsx';

/** What a page's shared layout needs to know about the request it answers. */
export interface PageRequest {
  /** The visitor just sent feedback without JavaScript (the form redirected back here). */
  feedbackSent: boolean;
}

export const PageRequestContext = createContext<PageRequest>({ feedbackSent: false });
export const usePageRequest = () => useContext(PageRequestContext);
