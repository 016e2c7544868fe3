/**
 * The council's bilingual pages, English and te reo Māori, as the CMS holds them: one source for the pages
 * (examples/site/pages/BilingualPage.tsx) and for the search documents (examples/content/site-documents.ts).
 * Māori words keep their macrons (tohutō): "Māori", "Whānganui", "pōwhiri".
 */
export interface BilingualSection {
  /** The heading in English, and in te reo Māori when it has one. */
  heading: { en: string; mi?: string };
  /** English paragraphs. */
  en: string[];
  /** The same in te reo Māori, shown beside the English. */
  mi: string[];
}

export interface BilingualPageContent {
  href: string;
  /** The navigation title: English, then the Māori name. */
  title: string;
  summary: string;
  heading: { en: string; mi: string };
  lead: { en: string; mi: string };
  sections: BilingualSection[];
  /** Where the page sits in search's topics. */
  subtopic: string;
}

export const maoriWardPage: BilingualPageContent = {
  href: '/council/maori-ward',
  title: 'Māori ward: Te Tai Tāhuna',
  summary: 'Harbourton’s Māori ward, who can vote in it and what its councillor does.',
  heading: { en: 'The Māori ward', mi: 'Te Wāhanga Māori' },
  lead: {
    en: 'Since the 2025 election, Te Kaunihera o Harbourton, the Harbourton District Council, has a Māori ward: Te Tai Tāhuna. Voters on the Māori electoral roll elect its councillor.',
    mi: 'Mai i te pōtitanga o 2025, he wāhanga Māori tō Te Kaunihera o Harbourton, ko Te Tai Tāhuna. Ka pōti ngā kaipōti o te rārangi pōti Māori i tōna kaikaunihera.',
  },
  sections: [
    {
      heading: { en: 'Who can vote in the ward', mi: 'Ko wai ka pōti' },
      en: [
        'You can vote in Te Tai Tāhuna if you live in the Harbourton district and you are on the Māori electoral roll. Everyone else votes in their general ward.',
      ],
      mi: ['Ka taea e koe te pōti i Te Tai Tāhuna mēnā e noho ana koe ki te rohe o Harbourton, ā, kei te rārangi pōti Māori tō ingoa.'],
    },
    {
      heading: { en: 'Your councillor', mi: 'Tō kaikaunihera' },
      en: [
        'The ward’s councillor sits on every committee of the council and meets whānau, hapū and iwi across the district, from Ōwhiti to Whānganui Bay.',
      ],
      mi: [
        'Ka noho te kaikaunihera ki ngā komiti katoa o te kaunihera, ā, ka hui ki ngā whānau, hapū me ngā iwi puta noa i te rohe, mai i Ōwhiti ki Whānganui.',
      ],
    },
    {
      heading: { en: 'Choosing your roll', mi: 'Te kōwhiri i tō rārangi pōti' },
      en: ['When you enrol to vote you choose the Māori roll or the general roll. Check your enrolment with the Electoral Commission.'],
      mi: ['Ka kōwhiri koe i te rārangi pōti Māori, i te rārangi pōti whānui rānei, ina rēhita koe hei kaipōti.'],
    },
  ],
  subtopic: 'Māori ward',
};

export const maraeVisitPage: BilingualPageContent = {
  href: '/council/visiting-a-marae',
  title: 'Visiting a marae: Te toro marae',
  summary: 'What happens at a pōwhiri when the council visits Te Puna o Tāhuna marae.',
  heading: { en: 'Visiting a marae', mi: 'Te toro marae' },
  lead: {
    en: 'Each year the mayor and councillors visit Te Puna o Tāhuna marae on Ōwhiti Road. If you join a council visit, this is what happens at the pōwhiri, the welcome.',
    mi: 'Nau mai, haere mai ki Te Puna o Tāhuna marae. Ka tū te pōwhiri i te ata.',
  },
  sections: [
    {
      heading: { en: 'Before you arrive', mi: 'I mua i tō taenga atu' },
      en: ['Meet the group at the waharoa, the gateway. The manuhiri, the visitors, wait together until the kaikaranga calls them on.'],
      mi: ['Ka tatari ngā manuhiri ki te waharoa kia karangatia rātou.'],
    },
    {
      heading: { en: 'The pōwhiri' },
      en: [
        'After the karanga, the call, the visitors walk on slowly. The tangata whenua, the hosts, and the visitors take turns at whaikōrero, speeches, each followed by a waiata. The last speaker lays down the koha, a gift.',
        'Then everyone shares the hongi or a harirū, a handshake, and kai in the wharekai, the dining hall.',
      ],
      mi: ['Ka whai te whaikōrero i te karanga, ā, ka waiatatia he waiata. Ka hongi, ka harirū, kātahi ka kai tahi i te wharekai.'],
    },
    {
      heading: { en: 'Tikanga to keep', mi: 'Ngā tikanga' },
      en: [
        'Take your shoes off before you go into the wharenui, the meeting house. Do not eat or drink inside it, and ask before you take photos.',
      ],
      mi: ['Tangohia ō hū i mua i tō tomokanga ki te wharenui. Kaua e kai, e inu rānei i roto i te wharenui.'],
    },
  ],
  subtopic: 'Marae visits',
};

export const bilingualPages: readonly BilingualPageContent[] = [maoriWardPage, maraeVisitPage];

/** The page as text for search: English and Māori alike, the headings with their paragraphs. */
export function bilingualPageText(page: BilingualPageContent): string {
  const heading = (h: { en: string; mi?: string }) => (h.mi ? `${h.mi}: ${h.en}.` : `${h.en}.`);
  return [
    `${page.lead.en}\n\n${page.lead.mi}`,
    ...page.sections.map((section) => [heading(section.heading), ...section.en, ...section.mi].join(' ')),
  ].join('\n\n');
}
