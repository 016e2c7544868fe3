/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <Layout title="Page not found" path={path} noindex>
      <h1>Page not found</h1>
      <p>If you typed the web address, check it is correct. If you pasted it, check you copied the entire address.</p>
      <p>
        You can <a href="/">go to the home page</a> or search the site from the box at the top of the page.
      </p>
    </Layout>
  );
}
