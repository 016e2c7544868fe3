import type { SiteDocument } from 'civic-search';
import { navigation, type NavItem } from '../site/navigation';
import { site } from '../site/site';
import { generateCorpus } from './generate-corpus';
import { bilingualPages, bilingualPageText } from '../site/pages/council-content';

/** The example site's search content: its hand-written pages, then the generated corpus (2,000 documents). */
export function siteDocuments(): SiteDocument[] {
  return [...handWrittenPages(), ...generateCorpus()];
}

/** When the hand-written pages were last reviewed (the building consent page says its own date). */
const PAGES_UPDATED = '2026-11-01';
const BUILDING_CONSENT_URL = '/guidance/building-consent';
const CONTACT_SENTENCE = 'Call 03 000 0000, Monday to Friday, 8:30am to 5pm, or send us a message.';

/** The pages of examples/site, as the CMS would index them (titles and summaries from the navigation). */
export function handWrittenPages(): SiteDocument[] {
  const pages: SiteDocument[] = [homePage(), contactPage()];
  for (const section of navigation) {
    if (!section.children) continue;
    pages.push(sectionPage(section));
    for (const child of section.children) {
      const bilingual = bilingualPages.find((candidate) => candidate.href === child.href);
      if (bilingual) pages.push(bilingualPage(section, child, bilingual));
      else pages.push(child.href === BUILDING_CONSENT_URL ? buildingConsentPage(section) : topicPage(section, child));
    }
  }
  return pages;
}

function page(
  fields: Omit<SiteDocument, 'id' | 'document_type' | 'subsite' | 'published_date'> & { published_date?: string },
): SiteDocument {
  return {
    id: `page-${fields.url === '/' ? 'home' : fields.url.slice(1).replaceAll('/', '-')}`,
    document_type: 'Page',
    subsite: site.name,
    published_date: PAGES_UPDATED,
    ...fields,
  };
}

function homePage(): SiteDocument {
  const services = navigation.filter((item) => item.children).map((item) => `${item.title}: ${item.summary}`);
  return page({
    title: `Welcome to ${site.name}`,
    summary: 'Find services, pay your rates, check collection days and tell us what you think.',
    body: [
      'Popular tasks. Apply for a building consent: when you need one, fees and how to apply. Pay your rates: ways to pay and due dates for 2026/27. Find your collection day, including holiday changes.',
      `Services. ${services.join(' ')}`,
    ].join('\n\n'),
    url: '/',
    topic: 'Council and democracy',
    subtopic: 'About the council',
  });
}

function contactPage(): SiteDocument {
  const contact = navigation.find((item) => item.href === '/contact');
  return page({
    title: contact?.title ?? 'Contact us',
    summary: contact?.summary ?? 'Phone, email and our service centre.',
    body: [
      'Talk to us by phone, email or at the service centre.',
      'Phone: 03 000 0000, Monday to Friday, 8:30am to 5pm. For urgent roading and water problems, call any time.',
      'Email: info@harbourton.govt.nz. We reply within 2 working days.',
      `Service centre: ${site.name}, 1 Wharf Street, Harbourton 9016.`,
    ].join('\n\n'),
    url: '/contact',
    topic: 'Council and democracy',
    subtopic: 'Contact us',
  });
}

function sectionPage(section: NavItem): SiteDocument {
  return page({
    title: section.title,
    summary: section.summary,
    body: (section.children ?? []).map((child) => `${child.title}: ${child.summary}`).join('\n\n'),
    url: section.href,
    topic: section.title,
    subtopic: 'Overview',
  });
}

function topicPage(section: NavItem, topic: NavItem): SiteDocument {
  return page({
    title: topic.title,
    summary: topic.summary,
    body: `${topic.summary}\n\nContact us about ${topic.title.toLowerCase()}. ${CONTACT_SENTENCE}`,
    url: topic.href,
    topic: section.title,
    subtopic: topic.title,
  });
}

/** A page in English and te reo Māori (examples/site/pages/council-content.ts) as text, macrons kept. */
function bilingualPage(section: NavItem, child: NavItem, content: (typeof bilingualPages)[number]): SiteDocument {
  return page({
    title: child.title,
    summary: child.summary,
    body: bilingualPageText(content),
    url: child.href,
    topic: section.title,
    subtopic: content.subtopic,
  });
}

/** examples/site/pages/BuildingConsentPage.tsx as text. */
function buildingConsentPage(section: NavItem): SiteDocument {
  return page({
    title: 'Apply for a building consent',
    summary:
      'You need a building consent before you build, alter, demolish or remove most buildings in Harbourton. This guide explains when you need one, what it costs and how long it takes.',
    body: [
      'When you need a building consent. Most building work needs a consent, from a new house to a deck more than 1.5 metres above the ground. The consent shows that the plans meet the Building Code, so the finished building is safe, healthy and durable.',
      'You need a building consent to: build a new house, garage or sleep-out over 30 square metres; add a room, a bathroom or a deck higher than 1.5 metres; move or remove a wall that holds up the roof; install a wood burner, solar panels on a roof, or new plumbing and drainage; demolish a building more than three storeys high.',
      'Not sure? Some small work is exempt, such as a garden shed under 30 square metres or repairs with the same materials. Check with us before you start: work done without a consent can be costly to put right.',
      'What it costs. The fee depends on the value of the work. You pay a deposit when you apply and the balance when we issue the consent. Building consent fees from 1 July 2026: deposits from $450 to $4,800, processing $195 per hour, inspections $210 each, a code compliance certificate from $180, and a building levy of $1.75 per $1,000 on work over $20,000.',
      'Documents you need. Send these with your application. Incomplete applications are returned, which delays your project. Site and floor plans drawn to scale. Specifications: the materials and products you will use. Producer statements and engineering, for example retaining walls over 1.5 metres or a new foundation. A certificate of title issued in the last three months, with any easements or covenants that affect the work.',
      'How to apply. Apply online through the building consent portal. You can save your application and come back to it. Create an account or sign in. Upload your plans, specifications and title. Pay the deposit by card or internet banking. Watch: how to apply for a building consent online (3 minutes).',
      'After you apply. We decide most applications within 20 working days. The clock stops if we ask you for more information and starts again when you reply. We tell you by email when your consent is issued, together with the inspections you need to book.',
      'Get help. Our building advisers are available Monday to Friday, 8:30am to 5pm. Call 03 000 0000 or send us a message.',
    ].join('\n\n'),
    url: BUILDING_CONSENT_URL,
    published_date: '2026-11-14',
    topic: section.title,
    subtopic: 'Building consents',
  });
}
