/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import type { NavItem } from '../navigation';

/** A short topic page: a summary and where to get help, as the CMS's basic page template writes it. */
export function TopicPage({ section, topic }: { section: NavItem; topic: NavItem }) {
  return (
    <Layout title={topic.title} path={topic.href}>
      <nav class="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href={section.href}>{section.title}</a>
          </li>
        </ol>
      </nav>
      <h1>{topic.title}</h1>
      <p class="lead">{topic.summary}</p>
      <h2>Contact us about {topic.title.toLowerCase()}</h2>
      <p>
        Call <a href="tel:+6430000000">03 000 0000</a>, Monday to Friday, 8:30am to 5pm, or <a href="/contact">send us a message</a>.
      </p>
    </Layout>
  );
}
