import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { createEmbeddedBackend, type EmbeddedBackend, type EmbeddedBackendOptions } from '../../packages/civic-search/src/search/embedded/backend';

const COUNCIL = 'Harbourton City Council';

function doc(fields: Partial<SiteDocument> & Pick<SiteDocument, 'id' | 'title'>): SiteDocument {
  return {
    summary: '',
    body: '',
    url: `/documents/${fields.id}`,
    document_type: 'Guidance',
    published_date: '2024-01-01',
    topic: 'Building and planning',
    subtopic: 'Building consents',
    subsite: COUNCIL,
    ...fields,
  };
}

/** A small fixed set of documents whose relevance, filters and facets the tests can reason about. */
export const FIXTURE_DOCUMENTS: readonly SiteDocument[] = Object.freeze([
  doc({
    id: 'consent-guide',
    title: 'Apply for a building consent',
    summary: 'When you need a building consent, what it costs and how to apply.',
    body: 'Most building work needs a consent. The consent shows that the plans meet the Building Code.',
    published_date: '2026-03-01',
  }),
  doc({
    id: 'consent-fees',
    title: 'Building consent fees',
    summary: 'Deposits, processing charges and levies.',
    body: 'The fee depends on the value of the work. You pay a deposit when you apply.',
    document_type: 'Policy',
    published_date: '2025-07-01',
  }),
  doc({
    id: 'resource-consents',
    title: 'Resource consents',
    summary: 'When an activity needs permission under the district plan.',
    body: 'Subdivision and land use consents are decided by planners. Some applications are notified.',
    published_date: '2024-05-10',
    subtopic: 'Resource consents',
  }),
  doc({
    id: 'inspections-title',
    title: 'Building inspections',
    summary: 'Book an inspection and get ready for it.',
    body: 'An inspector checks foundations, framing and drainage.',
    published_date: '2023-11-20',
    subtopic: 'Building inspections',
  }),
  doc({
    id: 'annual-report',
    title: 'Annual report 2023',
    summary: 'Our year in numbers.',
    body: 'We carried out 4,210 building inspections and issued most consents on time. Roads were resealed.',
    document_type: 'Report',
    published_date: '2023-09-30',
    topic: 'Council and democracy',
    subtopic: 'Annual plan and budget',
  }),
  doc({
    id: 'dog-registration',
    title: 'Register your dog',
    summary: 'Dog registration is due by 31 July every year.',
    body: 'Register online. Microchipped dogs of responsible owners pay a lower fee.',
    document_type: 'Form',
    published_date: '2026-06-15',
    topic: 'Animals',
    subtopic: 'Dog registration',
  }),
  doc({
    id: 'library-card',
    title: 'Join the library',
    summary: 'A library card is free for everyone who lives in Harbourton.',
    body: 'Borrow books, eBooks and audiobooks. Renew loans online.',
    published_date: '2022-02-02',
    topic: 'Libraries and learning',
    subtopic: 'Borrowing',
    subsite: 'Harbourton Libraries',
  }),
  doc({
    id: 'water-restrictions',
    title: 'Water restrictions this summer',
    summary: 'Sprinklers are banned until further notice.',
    body: 'Use a hand-held hose on alternate days. Fix leaks to save water.',
    document_type: 'News',
    published_date: '2025-12-20',
    topic: 'Water and wastewater',
    subtopic: 'Water restrictions',
    subsite: 'Harbourton Water',
  }),
  doc({
    id: 'markup',
    title: 'Parking fines <script>alert(1)</script>',
    summary: 'Fines & penalties for parking "too long".',
    body: 'A <script>alert("x")</script> tag in the text about parking fines & appeals must never run.',
    document_type: 'News',
    published_date: '2021-04-01',
    topic: 'Roads and transport',
    subtopic: 'Parking',
  }),
  doc({
    id: 'swimming-lessons',
    title: 'Swimming lessons',
    summary: 'Learn to swim at the aquatic centre.',
    body: 'Lessons for children and adults, every term.',
    published_date: '2019-08-08',
    topic: 'Parks and recreation',
    subtopic: 'Swimming pools',
    subsite: 'Harbourton Leisure',
  }),
  doc({
    id: 'rates-relief',
    title: 'Rates relief for pensioners',
    summary: 'Help with rates if you are on a low income.',
    body: 'Apply for a rates rebate before 30 June.',
    document_type: 'Policy',
    published_date: '2020-06-30',
    topic: 'Rates and property',
    subtopic: 'Rates relief',
  }),
]);

export const ENGINE = 'site';

/** A fresh data folder, removed after the test file. */
export async function temporaryDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'civic-search-'));
  after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A ready embedded backend over the fixture (or other documents) in a fresh data folder unless one is given. */
export async function fixtureBackend(options: Partial<EmbeddedBackendOptions> = {}): Promise<EmbeddedBackend> {
  const backend = createEmbeddedBackend({
    engines: { [ENGINE]: () => FIXTURE_DOCUMENTS },
    dataDir: options.dataDir ?? (await temporaryDataDir()),
    ...options,
  });
  await backend.ready();
  return backend;
}

/** The ids of a response's results, in order. */
export function resultIds(response: { results: { _meta: { id: string } }[] }): string[] {
  return response.results.map((result) => result._meta.id);
}

/** Runs `work` with console.error captured; gives what was logged (the work's failure, if any, is thrown after). */
export async function capturingErrors(work: () => unknown): Promise<string[]> {
  const logged: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
  try {
    await work();
  } finally {
    console.error = original;
  }
  return logged;
}
