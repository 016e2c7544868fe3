/** @jsxImportSource hono/jsx */
import type { SiteDocument } from 'civic-search';
import { formatDisplayDate, parseIsoDate } from 'civic-elements/core';
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import { LIBRARY_PATH } from './DocumentResults';
import { NEWS_PATH } from './NewsPage';
import { attachmentLinksFor } from './attachment-links';

/** One document of the library (or one news item), as the CMS's document template writes it. */
export function DocumentPage({ document }: { document: SiteDocument }) {
  const published = parseIsoDate(document.published_date);
  const isNews = document.document_type === 'News';
  const parent = isNews ? { title: 'News', href: NEWS_PATH } : { title: 'Document library', href: LIBRARY_PATH };
  return (
    <Layout title={document.title} path={document.url} fields={document}>
      <Breadcrumbs trail={[parent]} />
      <h1>{document.title}</h1>
      <p class="lead">{document.summary}</p>
      <p class="page-tools__updated">
        {document.document_type} · Published{' '}
        <time datetime={document.published_date}>{published ? formatDisplayDate(published) : document.published_date}</time> ·{' '}
        {document.topic}: {document.subtopic} · {document.subsite}
      </p>
      {document.body.split(/\n{2,}/).map((paragraph) => (
        <p>{paragraph}</p>
      ))}
      <Attachments documentId={document.id} />
    </Layout>
  );
}

/** The document's files, as GOV.UK lists attachments: a link with the file's type and size beside it. */
function Attachments({ documentId }: { documentId: string }) {
  const links = attachmentLinksFor(documentId);
  if (links.length === 0) return null;
  return (
    <section class="attachments" aria-labelledby="attachments-heading">
      <h2 id="attachments-heading">Documents</h2>
      <ul class="attachments__list">
        {links.map((link) => (
          <li class="attachment">
            <a class="attachment__link" href={link.href} type="application/pdf">
              {link.title}
            </a>
            <p class="attachment__details">{link.details}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
