/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { renderPage } from '../render-page';
import { BilingualPage } from './BilingualPage';
import { bilingualPages } from './council-content';

/** The council's bilingual pages (English and te reo Māori), each at its own address. */
export function councilPageRoutes(): Hono {
  const app = new Hono();
  for (const page of bilingualPages) app.get(page.href, (c) => renderPage(c, <BilingualPage page={page} />));
  return app;
}
