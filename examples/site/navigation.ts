import { bilingualPages } from './pages/council-content';

/** The CMS's navigation tree: one list feeds the header on every screen size. */
export interface NavItem {
  title: string;
  href: string;
  summary: string;
  children?: NavItem[];
}

const topic = (section: string, slug: string, title: string, summary: string): NavItem => ({
  title,
  href: `/services/${section}/${slug}`,
  summary,
});

export const navigation: NavItem[] = [
  {
    title: 'Rates and property',
    href: '/services/rates-and-property',
    summary: 'Pay your rates, check property values and apply for rates relief.',
    children: [
      topic('rates-and-property', 'pay-your-rates', 'Pay your rates', 'Ways to pay, due dates and what happens if you pay late.'),
      topic('rates-and-property', 'rates-relief', 'Rates relief', 'Help with rates if you are on a low income or a pensioner.'),
      topic('rates-and-property', 'property-valuations', 'Property valuations', 'How we value your property and how to object.'),
    ],
  },
  {
    title: 'Building and planning',
    href: '/services/building-and-planning',
    summary: 'Building consents, resource consents, inspections and district plan rules.',
    children: [
      {
        title: 'Apply for a building consent',
        href: '/guidance/building-consent',
        summary: 'When you need one, what it costs and how to apply.',
      },
      topic(
        'building-and-planning',
        'resource-consents',
        'Resource consents',
        'When an activity needs permission under the district plan.',
      ),
      topic('building-and-planning', 'inspections', 'Building inspections', 'Book an inspection and get ready for it.'),
      topic('building-and-planning', 'district-plan', 'District plan', 'The rules for land use and subdivision in Harbourton.'),
    ],
  },
  {
    title: 'Rubbish and recycling',
    href: '/services/rubbish-and-recycling',
    summary: 'Collection days, what goes in each bin and the transfer station.',
    children: [
      topic('rubbish-and-recycling', 'collection-days', 'Collection days', 'Find your collection day and holiday changes.'),
      topic(
        'rubbish-and-recycling',
        'what-goes-in-which-bin',
        'What goes in which bin',
        'Sorting rubbish, recycling, glass and food scraps.',
      ),
      topic('rubbish-and-recycling', 'transfer-station', 'Transfer station', 'Opening hours, fees and what we accept.'),
    ],
  },
  {
    title: 'Roads and transport',
    href: '/services/roads-and-transport',
    summary: 'Parking, roadworks, cycleways and reporting road problems.',
    children: [
      topic('roads-and-transport', 'parking', 'Parking', 'Permits, fines and where to park in the city centre.'),
      topic('roads-and-transport', 'roadworks', 'Roadworks', 'Current and planned work on local roads.'),
      topic('roads-and-transport', 'report-a-road-problem', 'Report a road problem', 'Potholes, streetlights, signs and markings.'),
    ],
  },
  {
    title: 'Council and democracy',
    href: '/services/council-and-democracy',
    summary: 'The Māori ward, Te Tai Tāhuna, and visiting a marae with the council, in English and te reo Māori.',
    children: bilingualPages.map((page) => ({ title: page.title, href: page.href, summary: page.summary })),
  },
  {
    title: 'Contact us',
    href: '/contact',
    summary: 'Phone, email and our service centre.',
  },
];

/** Finds a section, and optionally one of its topics, by the slugs of its URL. */
export function findPage(sectionSlug: string, topicSlug?: string): { section: NavItem; topic?: NavItem } | undefined {
  const section = navigation.find((item) => item.href === `/services/${sectionSlug}`);
  if (!section) return undefined;
  if (topicSlug === undefined) return { section };
  const found = section.children?.find((child) => child.href === `/services/${sectionSlug}/${topicSlug}`);
  return found ? { section, topic: found } : undefined;
}
