/** The example council: what a CMS would hold as site settings. */
export const site = {
  name: 'Harbourton City Council',
  shortName: 'Harbourton',
  searchAction: '/search/SearchForm',
  announcement: {
    timestamp: '2026-11-18T09:00:00Z',
    expires: '2027-01-31',
  },
} as const;
