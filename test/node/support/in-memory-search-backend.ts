/**
 * TEST DOUBLE, never used by the app: a tiny SearchBackend over a few documents, so the proxy and the search page
 * can be tested without a real engine. It matches words by substring, filters by exact field values (and date
 * ranges), counts value facets and records every call it receives.
 */
import type {
  ApiClickRequest,
  ApiFilter,
  ApiQuerySuggestionRequest,
  ApiSearchRequest,
  ApiSearchResponse,
} from '../../../src/core/search/app-search-api';
import type { SearchBackend, SiteDocument } from '../../../packages/civic-search/src/search/types';

export interface RecordedCall {
  method: 'search' | 'suggest' | 'click';
  engine: string;
  request: ApiSearchRequest | ApiQuerySuggestionRequest | ApiClickRequest;
}

export interface InMemoryBackend extends SearchBackend {
  readonly calls: RecordedCall[];
  readonly clicks: ApiClickRequest[];
}

export const SAMPLE_DOCUMENTS: SiteDocument[] = [
  {
    id: 'doc-1',
    title: 'Apply for a building consent',
    summary: 'How to apply for a building consent and what it costs.',
    body: 'You need a building consent for most building work. Fees depend on the value of the work.',
    url: '/guidance/building-consent',
    document_type: 'Guidance',
    published_date: '2026-03-14',
    topic: 'Building and planning',
    subtopic: 'Building consents',
    subsite: 'main',
  },
  {
    id: 'doc-2',
    title: 'Building consent fees 2026/27',
    summary: 'The fees for building consents from 1 July 2026.',
    body: 'Fees for building consents, inspections and code compliance certificates.',
    url: '/documents/building-consent-fees',
    document_type: 'Policy',
    published_date: '2026-06-30',
    topic: 'Building and planning',
    subtopic: 'Fees',
    subsite: 'main',
  },
  {
    id: 'doc-3',
    title: 'Pay your rates',
    summary: 'Ways to pay your rates: online, by direct debit or in person.',
    body: 'Rates are due four times a year. You can pay online, by direct debit or at the service centre.',
    url: '/services/rates-and-property/pay',
    document_type: 'Guidance',
    published_date: '2025-11-02',
    topic: 'Rates and property',
    subtopic: 'Paying rates',
    subsite: 'main',
  },
  {
    id: 'doc-4',
    title: 'Annual report <2025>',
    summary: 'What the council did in 2025 & what it cost.',
    body: 'Our annual report on building, roads, water and rates.',
    url: '/documents/annual-report-2025',
    document_type: 'Report',
    published_date: '2025-10-20',
    topic: 'Council',
    subtopic: 'Reports',
    subsite: 'main',
  },
];

const TEXT_FIELDS = ['title', 'summary', 'body'] as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function matchesValue(actual: string, wanted: unknown): boolean {
  if (wanted !== null && typeof wanted === 'object') {
    const { from, to } = wanted as { from?: string; to?: string };
    return (from === undefined || actual >= String(from)) && (to === undefined || actual < String(to));
  }
  return actual === String(wanted);
}

function matchesFilter(document: SiteDocument, filter: ApiFilter | undefined): boolean {
  if (!filter) return true;
  const { all, any, none, ...fields } = filter as Record<string, unknown> & { all?: ApiFilter[]; any?: ApiFilter[]; none?: ApiFilter[] };
  if (all && !all.every((inner) => matchesFilter(document, inner))) return false;
  if (any && any.length > 0 && !any.some((inner) => matchesFilter(document, inner))) return false;
  if (none && none.some((inner) => matchesFilter(document, inner))) return false;
  return Object.entries(fields).every(([field, wanted]) => {
    const actual = String(document[field as keyof SiteDocument]);
    return Array.isArray(wanted) ? wanted.some((value) => matchesValue(actual, value)) : matchesValue(actual, wanted);
  });
}

function highlight(text: string, words: string[]): string {
  let safe = escapeHtml(text);
  for (const word of words)
    safe = safe.replace(new RegExp(`(${escapeHtml(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'), '<em>$1</em>');
  return safe;
}

export function createInMemoryBackend(documents: SiteDocument[] = SAMPLE_DOCUMENTS): InMemoryBackend {
  const calls: RecordedCall[] = [];
  const clicks: ApiClickRequest[] = [];
  let requests = 0;
  return {
    name: 'in-memory test double',
    calls,
    clicks,
    async search(engine, request) {
      calls.push({ method: 'search', engine, request });
      const words = request.query.toLowerCase().split(/\s+/).filter(Boolean);
      const found = documents.filter(
        (document) =>
          words.every((word) => TEXT_FIELDS.some((field) => document[field].toLowerCase().includes(word))) &&
          matchesFilter(document, request.filters),
      );
      const size = request.page?.size ?? 20;
      const current = request.page?.current ?? 1;
      const facets: ApiSearchResponse['facets'] = {};
      for (const [field, facet] of Object.entries(request.facets ?? {})) {
        const counts = new Map<string, number>();
        for (const document of found) {
          const value = String(document[field as keyof SiteDocument]);
          counts.set(value, (counts.get(value) ?? 0) + 1);
        }
        const first = Array.isArray(facet) ? facet[0] : facet;
        facets[field] = [
          {
            type: first.type,
            data: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value, count]) => ({ value, count })),
          },
        ];
      }
      return {
        meta: {
          alerts: [],
          warnings: [],
          page: { current, size, total_pages: Math.ceil(found.length / size), total_results: found.length },
          engine: { name: engine, type: 'test' },
          request_id: `request-${++requests}`,
        },
        results: found.slice((current - 1) * size, current * size).map((document) => ({
          _meta: { id: document.id, engine, score: 1 },
          id: { raw: document.id },
          title: { raw: document.title, snippet: highlight(document.title, words) },
          summary: { raw: document.summary, snippet: highlight(document.summary, words) },
          url: { raw: document.url },
          document_type: { raw: document.document_type },
          published_date: { raw: document.published_date },
          topic: { raw: document.topic },
        })),
        facets,
      };
    },
    async suggest(engine, request) {
      calls.push({ method: 'suggest', engine, request });
      const prefix = request.query.toLowerCase();
      const titles = documents.map((document) => document.title).filter((title) => title.toLowerCase().includes(prefix));
      return { results: { documents: titles.map((suggestion) => ({ suggestion })) }, meta: { request_id: `request-${++requests}` } };
    },
    async click(engine, click) {
      calls.push({ method: 'click', engine, request: click });
      clicks.push(click);
    },
  };
}
