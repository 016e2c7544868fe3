/** Every page of the example site, for checks that apply to all of them. */
export const examplePages = [
  { name: 'home', path: '/' },
  { name: 'content page', path: '/guidance/building-consent' },
  { name: 'section page', path: '/services/building-and-planning' },
  { name: 'topic page', path: '/services/rates-and-property/pay-your-rates' },
  { name: 'contact page', path: '/contact' },
  { name: 'document library', path: '/documents' },
  { name: 'news listing', path: '/news' },
  { name: 'not found page', path: '/no-such-page' },
  { name: 'decision tree start', path: '/decision-trees/building-consent' },
  { name: 'decision tree mid-way', path: '/decision-trees/building-consent?work-type=shed&shed-size=up-to-30' },
  { name: 'decision tree outcome', path: '/decision-trees/rates-rebate?own-home=yes&living-date=yes&household-income=under-30k' },
  { name: 'forms and tools', path: '/forms' },
  { name: 'multi-step form', path: '/forms/report-a-problem' },
] as const;
