/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import type { NavItem } from '../navigation';

/** A section landing page: the CMS lists the section's topics. */
export function SectionPage({ section }: { section: NavItem }) {
  return (
    <Layout title={section.title} path={section.href} wide>
      <Breadcrumbs trail={[]} />
      <h1>{section.title}</h1>
      <p class="lead">{section.summary}</p>
      <ul class="card-list">
        {(section.children ?? []).map((child) => (
          <li class="card">
            <a href={child.href}>{child.title}</a>
            <p>{child.summary}</p>
          </li>
        ))}
      </ul>
    </Layout>
  );
}
