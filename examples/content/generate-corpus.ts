import type { SiteDocument } from 'civic-search';
import { seededRandom, type SeededRandom } from './seeded-random';
import {
  CLOSINGS,
  COUNCIL,
  DOCUMENT_TYPE_WEIGHTS,
  DOCUMENT_TYPES,
  OPENINGS,
  PLACES,
  SENTENCES,
  SUMMARIES,
  TOPICS,
  type CorpusDocumentType,
  type SubtopicBank,
  type TopicBank,
} from './phrase-banks';

export interface CorpusOptions {
  /** Number of documents (default 2,000). */
  count?: number;
  /** The same seed always gives the same documents; document n depends only on the seed and the documents before it. */
  seed?: number;
}

/** Published dates fall in this span (inclusive). */
export const CORPUS_FIRST_DATE = '2010-01-01';
export const CORPUS_LAST_DATE = '2026-10-31';

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.parse(`${CORPUS_FIRST_DATE}T00:00:00Z`) / DAY_MS;
const LAST_DAY = Date.parse(`${CORPUS_LAST_DATE}T00:00:00Z`) / DAY_MS;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TYPE_ENTRIES = DOCUMENT_TYPES.map((type) => [type, DOCUMENT_TYPE_WEIGHTS[type]] as const);
const TOPIC_ENTRIES = TOPICS.map((topic) => [topic, topic.subtopics.length] as const);

/** Deterministic, realistic council documents composed from the phrase banks. 100,000 take about a second. */
export function generateCorpus({ count = 2000, seed = 1 }: CorpusOptions = {}): SiteDocument[] {
  const random = seededRandom(seed);
  const documents: SiteDocument[] = new Array(count);
  for (let n = 1; n <= count; n++) documents[n - 1] = generateDocument(random, n);
  return documents;
}

interface Slots {
  subject: string;
  action: string;
  place: string;
  year: string;
  committee: string;
  council: string;
}

function generateDocument(random: SeededRandom, n: number): SiteDocument {
  const topic: TopicBank = random.weighted(TOPIC_ENTRIES);
  const subtopic: SubtopicBank = random.pick(topic.subtopics);
  const type: CorpusDocumentType = random.weighted(TYPE_ENTRIES);
  const date = randomDate(random);
  const slots: Slots = {
    subject: random.pick(subtopic.subjects),
    action: random.pick(subtopic.actions),
    place: random.pick(PLACES),
    year: date.slice(0, 4),
    committee: topic.committee,
    council: COUNCIL,
  };
  const fill = (template: string) => fillTemplate(template, slots, subtopic, random);
  const title = makeTitle(type, slots, subtopic, date, random);
  return {
    id: `doc-${n}`,
    title,
    summary: fill(random.pick(SUMMARIES[type])),
    body: makeBody(type, fill, random),
    url: `/documents/${slugify(title)}-${n}`,
    document_type: type,
    published_date: date,
    topic: topic.name,
    subtopic: subtopic.name,
    subsite: random.weighted(topic.subsites),
  };
}

function makeTitle(type: CorpusDocumentType, slots: Slots, subtopic: SubtopicBank, date: string, random: SeededRandom): string {
  const subject = capitalise(slots.subject.replace(/^the /, ''));
  const { place, year, action } = slots;
  const nextYear = String(Number(year) + 1).slice(2);
  switch (type) {
    case 'Policy':
      return random.pick([`${subject} policy`, `${subject} policy ${year}`, `Policy on ${slots.subject}`]);
    case 'Report':
      return random.pick([
        `${subject} annual report ${year}/${nextYear}`,
        `${subject} monitoring report ${year}`,
        `Report on ${slots.subject} in ${place}`,
      ]);
    case 'Guidance':
      return random.pick([
        `How to ${action}`,
        `A guide to ${slots.subject}`,
        `${subject}: what you need to know`,
        `${subject} in ${place}`,
      ]);
    case 'Form':
      return random.pick([`${subject} application form`, `Form: ${action}`, `${subject} request form`]);
    case 'Minutes':
      return `${slots.committee} minutes, ${displayDate(date)}`;
    case 'Bylaw':
      return `${subject} bylaw ${year}`;
    case 'News':
      return capitalise(random.pick(subtopic.headlines).replace('{place}', place));
    case 'Consultation':
      return random.pick([
        `Have your say: ${slots.subject}`,
        `Consultation on ${slots.subject} in ${place}`,
        `Proposed changes to ${slots.subject}`,
      ]);
    case 'Plan':
      return random.pick([
        `${subject} plan ${year}-${Number(year) + 10}`,
        `${subject} strategy ${year}`,
        `${place} ${slots.subject.replace(/^the /, '')} plan`,
      ]);
  }
}

function makeBody(type: CorpusDocumentType, fill: (template: string) => string, random: SeededRandom): string {
  const paragraphs: string[] = [];
  const paragraphCount = random.int(3, 5);
  for (let p = 0; p < paragraphCount; p++) {
    const sentences: string[] = [];
    if (p === 0) sentences.push(fill(random.pick(OPENINGS[type])));
    const sentenceCount = random.int(2, 4);
    for (let s = 0; s < sentenceCount; s++) sentences.push(fill(random.pick(SENTENCES)));
    if (p === paragraphCount - 1) sentences.push(fill(random.pick(CLOSINGS)));
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

function fillTemplate(template: string, slots: Slots, subtopic: SubtopicBank, random: SeededRandom): string {
  const text = template.replace(/\{(\w+)\}/g, (_whole, slot: string) => {
    switch (slot) {
      case 'Subject':
        return capitalise(slots.subject);
      case 'term':
      case 'term2':
        return random.pick(subtopic.terms);
      case 'amount':
        return `$${random.int(5, 950)},000`;
      case 'days':
        return String(random.pick([5, 10, 15, 20]));
      default:
        return slots[slot as keyof Slots] ?? slot;
    }
  });
  return capitalise(text);
}

/** Days spread over the span, slightly more of them recent (sites publish more than they archive). */
function randomDate(random: SeededRandom): string {
  const day = FIRST_DAY + Math.floor(Math.pow(random.next(), 0.8) * (LAST_DAY - FIRST_DAY + 1));
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lowercase words joined by hyphens, at most 60 characters. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
