/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import type { BilingualPageContent } from './council-content';

/**
 * A page in English and te reo Māori: each passage in Māori is marked `lang="mi"`, so screen readers speak it
 * with Māori sounds and search and translation tools know its language.
 */
export function BilingualPage({ page }: { page: BilingualPageContent }) {
  return (
    <Layout title={`${page.heading.en} | ${page.heading.mi}`} path={page.href}>
      <Breadcrumbs trail={[{ title: 'Council and democracy', href: '/services/council-and-democracy' }]} />
      <h1>
        <span lang="mi">{page.heading.mi}</span> – {page.heading.en}
      </h1>
      <p class="lead">{page.lead.en}</p>
      <p class="lead" lang="mi">
        {page.lead.mi}
      </p>
      {page.sections.map((section) => (
        <section>
          <h2>
            {section.heading.mi && (
              <>
                <span lang="mi">{section.heading.mi}</span> –{' '}
              </>
            )}
            {section.heading.en}
          </h2>
          {section.en.map((paragraph) => (
            <p>{paragraph}</p>
          ))}
          {section.mi.map((paragraph) => (
            <p lang="mi">{paragraph}</p>
          ))}
        </section>
      ))}
    </Layout>
  );
}
