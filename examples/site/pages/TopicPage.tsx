/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import type { NavItem } from '../navigation';

/** A short topic page: a summary and where to get help, as the CMS's basic page template writes it. */
export function TopicPage({ section, topic }: { section: NavItem; topic: NavItem }) {
  return (
    <Layout title={topic.title} path={topic.href}>
      <Breadcrumbs trail={[section]} />
      <h1>{topic.title}</h1>
      <p class="lead">{topic.summary}</p>
      <h2>Contact us about {topic.title.toLowerCase()}</h2>
      <p>
        Call <a href="tel:+6430000000">03 000 0000</a>, Monday to Friday, 8:30am to 5pm, or <a href="/contact">send us a message</a>.
      </p>
    </Layout>
  );
}
