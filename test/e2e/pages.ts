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
] as const;
