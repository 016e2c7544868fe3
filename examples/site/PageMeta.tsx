/** @jsxImportSource hono/jsx */
import type { SiteDocument } from 'civic-search';
import { usePageRequest } from './request-context';
import { handWrittenPageAt } from './page-fields';
import { site } from './site';

/** A page's search fields as the CMS holds them: what the site's indexer sends for it through the documents API. */
export type PageFields = Pick<SiteDocument, 'title' | 'summary' | 'published_date' | 'document_type' | 'topic' | 'subtopic' | 'subsite'>;

/**
 * The meta tags a crawler reads from a page's head. They carry the same fields the site's own indexer sends
 * (examples/site/search/site-indexer.ts), so a site searched through a crawl has the same title, summary, date and
 * taxonomy filters as one indexed through the API:
 * - `description` (the summary), `og:title` (the title without the site's name), `article:published_time`;
 * - `dcterms.type` (document type), `dcterms.subject` (topic), `civic:subtopic` and `civic:subsite`: the names
 *   civic-search's crawler reads by default (packages/civic-search/src/crawler/extract), so no crawl
 *   configuration is needed; `og:site_name`, the name a crawler may strip from the end of titles;
 * - `link rel=canonical`: the page's own address, absolute, without a query string;
 * - `robots: noindex, follow` on pages that must not be in search (confirmations, not found, search results) and
 *   on every view of a page reached with a query string (filters, paging, answers): its canonical page is
 *   indexed instead, and the links on it are still followed.
 */
export function PageMeta({
  path,
  fields,
  description,
  noindex = false,
}: {
  path: string;
  fields?: PageFields;
  description?: string;
  noindex?: boolean;
}) {
  const request = usePageRequest();
  const page = fields ?? handWrittenPageAt(path);
  const summary = page?.summary ?? description;
  const keepOut = noindex || request.hasQuery;
  return (
    <>
      <meta property="og:site_name" content={site.name} />
      {summary && <meta name="description" content={summary} />}
      {keepOut && <meta name="robots" content="noindex, follow" />}
      {request.origin && !noindex && <link rel="canonical" href={`${request.origin}${path}`} />}
      {page && !noindex && (
        <>
          <meta property="og:title" content={page.title} />
          {page.published_date && <meta property="article:published_time" content={page.published_date} />}
          {page.document_type && <meta name="dcterms.type" content={page.document_type} />}
          {page.topic && <meta name="dcterms.subject" content={page.topic} />}
          {page.subtopic && <meta name="civic:subtopic" content={page.subtopic} />}
          {page.subsite && <meta name="civic:subsite" content={page.subsite} />}
        </>
      )}
    </>
  );
}
