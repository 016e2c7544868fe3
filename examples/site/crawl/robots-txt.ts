/**
 * The site's robots.txt. Crawlers may fetch every page, asset and attached file, and never:
 * - the search service (its API and the elements' proxy) or the search results page: results of results;
 * - what only a form or a script asks for: feedback and announcement posts, the no-JavaScript sort redirect,
 *   the listings' results fragments and the news subtopics fragment;
 * - a form's confirmation page (one visitor's reference);
 * - any address with a query string: on this site that is always a view of the page at its bare address
 *   (filters, paging, a decision tree's answers, a forms search), endless in combination, and every page it
 *   lists is in the sitemap.
 * The sitemap is named with an absolute address on the origin the crawler used.
 */
import { ANNOUNCEMENT_CLOSE_PATH } from '../site-settings/routes';
import { SORT_PATH } from '../documents/DocumentResults';
import { SUBTOPICS_PATH } from '../documents/NewsPage';
import { reportAProblem } from '../forms/report-a-problem';
import { site } from '../site';

export const ROBOTS_DISALLOWED: readonly string[] = [
  '/_search-proxy',
  '/api/',
  site.searchAction,
  '/feedback',
  ANNOUNCEMENT_CLOSE_PATH,
  SORT_PATH,
  SUBTOPICS_PATH,
  `/forms/${reportAProblem.slug}/confirmation`,
  '/*?',
];

export function robotsTxt(sitemapUrl: string): string {
  return [
    `# ${site.name}: what crawlers may fetch. Everything a visitor can read is listed in the sitemap.`,
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}
