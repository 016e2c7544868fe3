/**
 * The words the example corpus is composed from: a New Zealand-style local council's topics, subtopics and the
 * phrases its documents use. Topic and subtopic names match the example site's navigation (examples/site/navigation.ts).
 */

export const COUNCIL = 'Harbourton City Council';
export const LIBRARIES = 'Harbourton Libraries';
export const WATER = 'Harbourton Water';
export const LEISURE = 'Harbourton Leisure';

export const DOCUMENT_TYPES = ['Policy', 'Report', 'Guidance', 'Form', 'Minutes', 'Bylaw', 'News', 'Consultation', 'Plan'] as const;
export type CorpusDocumentType = (typeof DOCUMENT_TYPES)[number];

/** How often each type occurs (relative weights): news and guidance are the bulk of a council site. */
export const DOCUMENT_TYPE_WEIGHTS: Record<CorpusDocumentType, number> = {
  Policy: 8,
  Report: 10,
  Guidance: 18,
  Form: 9,
  Minutes: 10,
  Bylaw: 4,
  News: 22,
  Consultation: 9,
  Plan: 10,
};

export interface SubtopicBank {
  name: string;
  /** Noun phrases for titles ("dog registration"). */
  subjects: string[];
  /** Verb phrases for guidance and forms ("register your dog"). */
  actions: string[];
  /** Keywords that fill the body sentences. */
  terms: string[];
  /** News headlines; `{place}` is replaced by a suburb. */
  headlines: string[];
}

export interface TopicBank {
  name: string;
  committee: string;
  /** Subsites that publish on the topic, with weights. */
  subsites: [string, number][];
  subtopics: SubtopicBank[];
}

export const PLACES = [
  'Northshore',
  'Te Awa',
  'Kingsford',
  'Eastbrook',
  'Harbour Heights',
  'Millbrook',
  'Riverside',
  'Port Harbourton',
  'Westmere',
  'Southdale',
  'Kowhai Bay',
  'Ridgeview',
  'Totara Park',
  'the city centre',
  'Beacon Hill',
  'Flaxmere Flats',
];

export const TOPICS: TopicBank[] = [
  {
    name: 'Rates and property',
    committee: 'Finance and Audit Committee',
    subsites: [[COUNCIL, 1]],
    subtopics: [
      {
        name: 'Pay your rates',
        subjects: ['rates payment', 'rates instalments', 'direct debit for rates', 'rates penalties', 'rates invoices'],
        actions: ['pay your rates', 'set up a direct debit', 'change your rates payment date', 'get a rates invoice by email'],
        terms: ['instalment', 'due date', 'direct debit', 'penalty', 'internet banking', 'rates invoice', 'ratepayer', 'arrears'],
        headlines: ['First rates instalment due this month', 'More ratepayers in {place} choose direct debit', 'Rates invoices go paperless'],
      },
      {
        name: 'Rates relief',
        subjects: ['rates relief', 'rates rebates', 'rates postponement', 'hardship relief', 'remission of penalties'],
        actions: ['apply for a rates rebate', 'apply for rates relief', 'postpone your rates'],
        terms: ['rebate', 'low income', 'pensioner', 'hardship', 'remission', 'postponement', 'eligibility', 'household income'],
        headlines: ['Rates rebates: apply before 30 June', 'Hardship relief extended for {place} households', 'Pensioners urged to check rebate eligibility'],
      },
      {
        name: 'Property valuations',
        subjects: ['property valuations', 'rating valuations', 'capital value', 'land value', 'valuation objections'],
        actions: ['object to your valuation', 'check your property valuation', 'understand your rating valuation'],
        terms: ['capital value', 'land value', 'revaluation', 'valuer', 'objection', 'rating unit', 'improvements', 'market value'],
        headlines: ['New property valuations for {place} released', 'Revaluation: what it means for your rates', 'Objections to valuations close soon'],
      },
      {
        name: 'Land information',
        subjects: ['land information memoranda', 'LIM reports', 'property files', 'certificates of title', 'hazard information'],
        actions: ['order a LIM report', 'view a property file', 'check natural hazards on a property'],
        terms: ['LIM', 'property file', 'hazard', 'flood zone', 'easement', 'covenant', 'title', 'zoning'],
        headlines: ['LIM processing times back to normal', 'Online property files now cover {place}', 'Natural hazard maps updated'],
      },
    ],
  },
  {
    name: 'Building and planning',
    committee: 'Planning and Regulatory Committee',
    subsites: [[COUNCIL, 1]],
    subtopics: [
      {
        name: 'Building consents',
        subjects: ['building consents', 'building consent fees', 'exempt building work', 'code compliance certificates', 'minor variations'],
        actions: ['apply for a building consent', 'check if your work needs a consent', 'get a code compliance certificate', 'amend a building consent'],
        terms: ['building consent', 'Building Code', 'plans', 'specifications', 'deposit', 'processing', 'code compliance certificate', 'builder', 'licensed building practitioner'],
        headlines: ['Building consent numbers rise in {place}', 'Faster building consents with the new online portal', 'New building consent fees from 1 July'],
      },
      {
        name: 'Resource consents',
        subjects: ['resource consents', 'subdivision consents', 'land use consents', 'notified applications', 'consent conditions'],
        actions: ['apply for a resource consent', 'make a submission on a notified consent', 'subdivide your land'],
        terms: ['resource consent', 'subdivision', 'land use', 'notification', 'submission', 'hearing', 'conditions', 'Resource Management Act', 'planner'],
        headlines: ['Hearing set for {place} subdivision', 'Resource consent processing times improve', 'Notified application: marina extension'],
      },
      {
        name: 'Building inspections',
        subjects: ['building inspections', 'inspection bookings', 'final inspections', 'swimming pool barriers', 'building warrants of fitness'],
        actions: ['book a building inspection', 'prepare for a final inspection', 'renew a building warrant of fitness'],
        terms: ['inspection', 'inspector', 'foundation', 'framing', 'pre-line', 'drainage', 'pool barrier', 'warrant of fitness', 'compliance schedule'],
        headlines: ['Same-day inspection bookings trialled in {place}', 'Pool barrier checks start this summer', 'Building warrant of fitness reminders'],
      },
      {
        name: 'District plan',
        subjects: ['the district plan', 'plan changes', 'zoning rules', 'heritage protection', 'medium density housing'],
        actions: ['read the district plan rules', 'check the zoning of your property', 'request a plan change'],
        terms: ['district plan', 'zone', 'plan change', 'heritage', 'height limit', 'setback', 'density', 'rule', 'overlay'],
        headlines: ['Plan change proposes more housing in {place}', 'Heritage areas confirmed in district plan', 'District plan review begins'],
      },
    ],
  },
  {
    name: 'Rubbish and recycling',
    committee: 'Infrastructure Committee',
    subsites: [[COUNCIL, 1]],
    subtopics: [
      {
        name: 'Collection days',
        subjects: ['kerbside collection', 'collection days', 'holiday collection changes', 'missed bin collections', 'bin collection calendars'],
        actions: ['find your collection day', 'report a missed bin', 'download your collection calendar'],
        terms: ['kerbside', 'collection day', 'wheelie bin', 'public holiday', 'missed bin', 'contractor', 'route', 'calendar'],
        headlines: ['Collection days change for {place}', 'Holiday collection changes over Christmas', 'New collection routes start Monday'],
      },
      {
        name: 'What goes in which bin',
        subjects: ['recycling rules', 'food scraps collection', 'glass recycling', 'bin contamination', 'soft plastics'],
        actions: ['sort your recycling', 'get a food scraps bin', 'replace a damaged bin'],
        terms: ['recycling', 'food scraps', 'glass', 'plastics', 'contamination', 'compost', 'yellow lid', 'red lid', 'green waste'],
        headlines: ['Food scraps bins arrive in {place}', 'Contamination in recycling bins falls', 'Which plastics can go in your recycling bin'],
      },
      {
        name: 'Transfer station',
        subjects: ['the transfer station', 'transfer station fees', 'hazardous waste drop-off', 'e-waste recycling', 'green waste disposal'],
        actions: ['dispose of hazardous waste', 'recycle electronic waste', 'take green waste to the transfer station'],
        terms: ['transfer station', 'gate fee', 'hazardous waste', 'e-waste', 'green waste', 'landfill', 'weighbridge', 'opening hours'],
        headlines: ['Transfer station hours extended', 'Free e-waste drop-off day in {place}', 'New gate fees at the transfer station'],
      },
      {
        name: 'Waste minimisation',
        subjects: ['waste minimisation', 'reuse shops', 'composting workshops', 'zero waste events', 'illegal dumping'],
        actions: ['report illegal dumping', 'book a composting workshop', 'run a zero waste event'],
        terms: ['waste minimisation', 'reuse', 'compost', 'worm farm', 'illegal dumping', 'circular economy', 'landfill levy'],
        headlines: ['Reuse shop opens in {place}', 'Illegal dumping fines increase', 'Free composting workshops this spring'],
      },
    ],
  },
  {
    name: 'Roads and transport',
    committee: 'Infrastructure Committee',
    subsites: [[COUNCIL, 1]],
    subtopics: [
      {
        name: 'Parking',
        subjects: ['parking permits', 'residents parking', 'parking fines', 'mobility parking', 'parking meters'],
        actions: ['apply for a residents parking permit', 'pay a parking fine', 'dispute a parking ticket'],
        terms: ['parking permit', 'infringement', 'parking meter', 'mobility parking', 'loading zone', 'time limit', 'parking warden', 'tow away'],
        headlines: ['New parking rules for {place}', 'Parking app now accepted at all meters', 'Residents parking scheme extended'],
      },
      {
        name: 'Roadworks',
        subjects: ['roadworks', 'road resealing', 'traffic management', 'road closures', 'footpath renewals'],
        actions: ['check current roadworks', 'apply for a road closure', 'get a corridor access request approved'],
        terms: ['roadworks', 'resealing', 'detour', 'road closure', 'traffic management', 'contractor', 'corridor access', 'asphalt'],
        headlines: ['Road resealing in {place} starts next week', 'Overnight closures for bridge repairs', 'Summer roadworks programme announced'],
      },
      {
        name: 'Report a road problem',
        subjects: ['potholes', 'streetlight faults', 'road signs and markings', 'slips and fallen trees', 'graffiti on roads'],
        actions: ['report a pothole', 'report a broken streetlight', 'report a damaged road sign'],
        terms: ['pothole', 'streetlight', 'road marking', 'sign', 'slip', 'hazard', 'service request', 'repair'],
        headlines: ['Pothole repairs ramp up after storm', 'LED streetlights installed in {place}', 'Report road problems in the new app'],
      },
      {
        name: 'Cycleways and footpaths',
        subjects: ['cycleways', 'shared paths', 'footpath upgrades', 'safer speeds', 'pedestrian crossings'],
        actions: ['find a cycle route', 'request a pedestrian crossing', 'give feedback on safer speeds'],
        terms: ['cycleway', 'shared path', 'footpath', 'speed limit', 'crossing', 'school zone', 'pedestrian', 'bike parking'],
        headlines: ['New cycleway links {place} to the city centre', 'Safer speeds outside schools', 'Footpath upgrades completed'],
      },
      {
        name: 'Public transport',
        subjects: ['bus services', 'bus timetables', 'park and ride', 'ferry services', 'accessible transport'],
        actions: ['plan a bus trip', 'get a concession fare', 'use the Total Mobility scheme'],
        terms: ['bus', 'timetable', 'fare', 'ferry', 'park and ride', 'concession', 'Total Mobility', 'bus stop'],
        headlines: ['More buses for {place}', 'Ferry timetable changes', 'Half-price fares continue for under 25s'],
      },
    ],
  },
  {
    name: 'Parks and recreation',
    committee: 'Community and Recreation Committee',
    subsites: [
      [COUNCIL, 3],
      [LEISURE, 2],
    ],
    subtopics: [
      {
        name: 'Parks and reserves',
        subjects: ['parks and reserves', 'reserve management', 'tree planting', 'dog exercise areas', 'park bookings'],
        actions: ['book a park for an event', 'report a problem in a park', 'volunteer for tree planting'],
        terms: ['reserve', 'park', 'native planting', 'dog exercise area', 'picnic', 'toilet', 'volunteer', 'ranger'],
        headlines: ['Planting day at {place} reserve', 'New dog exercise area opens', 'Reserve management plan adopted'],
      },
      {
        name: 'Playgrounds',
        subjects: ['playgrounds', 'playground upgrades', 'accessible play', 'skate parks', 'splash pads'],
        actions: ['find a playground', 'report damaged play equipment', 'suggest a playground upgrade'],
        terms: ['playground', 'play equipment', 'accessible play', 'skate park', 'shade sail', 'softfall', 'splash pad', 'safety'],
        headlines: ['Upgraded playground opens in {place}', 'Skate park design revealed', 'Accessible playground wins award'],
      },
      {
        name: 'Swimming pools',
        subjects: ['swimming pools', 'swimming lessons', 'aquatic centre memberships', 'pool timetables', 'school swimming'],
        actions: ['book swimming lessons', 'buy a pool membership', 'check lane availability'],
        terms: ['aquatic centre', 'lane swimming', 'swimming lessons', 'lifeguard', 'membership', 'hydrotherapy', 'learn to swim'],
        headlines: ['Aquatic centre reopens after maintenance', 'Free swimming lessons for {place} schools', 'Pool timetable over the holidays'],
      },
      {
        name: 'Sports grounds',
        subjects: ['sports grounds', 'sports field bookings', 'ground closures', 'artificial turf', 'sports club leases'],
        actions: ['book a sports field', 'check ground closures', 'lease a clubroom'],
        terms: ['sports field', 'booking', 'artificial turf', 'clubroom', 'lease', 'floodlights', 'ground closure', 'season'],
        headlines: ['Winter sports grounds open in {place}', 'Artificial turf approved', 'Grounds closed after heavy rain'],
      },
      {
        name: 'Tracks and trails',
        subjects: ['walking tracks', 'mountain bike trails', 'coastal walkways', 'track closures', 'trail maps'],
        actions: ['find a walking track', 'check track closures', 'report a track problem'],
        terms: ['track', 'trail', 'walkway', 'mountain bike', 'boardwalk', 'closure', 'kauri dieback', 'signage'],
        headlines: ['Coastal walkway extended to {place}', 'Mountain bike trails reopen', 'Track closures after storm damage'],
      },
    ],
  },
  {
    name: 'Council and democracy',
    committee: 'Council',
    subsites: [[COUNCIL, 1]],
    subtopics: [
      {
        name: 'Council meetings',
        subjects: ['council meetings', 'meeting agendas', 'public forum', 'committee structure', 'livestreamed meetings'],
        actions: ['speak at a council meeting', 'watch a council meeting', 'find a meeting agenda'],
        terms: ['agenda', 'minutes', 'public forum', 'resolution', 'committee', 'councillor', 'mayor', 'quorum'],
        headlines: ['Council meeting moves to {place}', 'Meetings now livestreamed', 'Public forum speakers welcome'],
      },
      {
        name: 'Elections',
        subjects: ['local elections', 'voting', 'candidate information', 'Maori wards', 'election results'],
        actions: ['enrol to vote', 'stand for council', 'vote in the local elections'],
        terms: ['election', 'candidate', 'enrolment', 'voting paper', 'ward', 'electoral officer', 'turnout', 'nomination'],
        headlines: ['Nominations open for local elections', 'Voting papers arrive in {place}', 'Election results declared'],
      },
      {
        name: 'Annual plan and budget',
        subjects: ['the annual plan', 'the long term plan', 'the council budget', 'rates increases', 'capital works programme'],
        actions: ['read the annual plan', 'make a submission on the budget', 'see where your rates go'],
        terms: ['annual plan', 'long term plan', 'budget', 'debt', 'capital works', 'operating costs', 'rates increase', 'submission'],
        headlines: ['Draft annual plan out for feedback', 'Budget holds rates rise to 6 percent', 'Capital works planned for {place}'],
      },
      {
        name: 'Bylaws and policies',
        subjects: ['council bylaws', 'alcohol bans', 'signage rules', 'trading in public places', 'freedom camping'],
        actions: ['check council bylaws', 'apply for a street trading licence', 'report a bylaw breach'],
        terms: ['bylaw', 'policy', 'enforcement', 'alcohol ban', 'freedom camping', 'licence', 'public place', 'review'],
        headlines: ['Freedom camping rules for {place}', 'Alcohol ban extended over summer', 'Bylaw review begins'],
      },
      {
        name: 'Official information',
        subjects: ['official information requests', 'privacy', 'council records', 'proactive releases', 'complaints'],
        actions: ['make an official information request', 'request your personal information', 'make a complaint'],
        terms: ['LGOIMA', 'privacy', 'request', 'records', 'Ombudsman', 'release', 'complaint', 'transparency'],
        headlines: ['Official information responses published online', 'Complaints process simplified', 'Privacy statement updated'],
      },
    ],
  },
  {
    name: 'Water and wastewater',
    committee: 'Infrastructure Committee',
    subsites: [
      [WATER, 4],
      [COUNCIL, 1],
    ],
    subtopics: [
      {
        name: 'Drinking water',
        subjects: ['drinking water', 'water quality', 'water meters', 'boil water notices', 'water treatment'],
        actions: ['check drinking water quality', 'read your water meter', 'report a water leak'],
        terms: ['water supply', 'treatment plant', 'chlorine', 'water meter', 'leak', 'boil water notice', 'reservoir', 'fluoride'],
        headlines: ['Boil water notice lifted in {place}', 'Water treatment plant upgrade complete', 'Fix leaks and save water'],
      },
      {
        name: 'Wastewater',
        subjects: ['wastewater', 'sewer connections', 'septic tanks', 'wastewater overflows', 'trade waste'],
        actions: ['connect to the sewer', 'apply for a trade waste consent', 'report a wastewater overflow'],
        terms: ['wastewater', 'sewer', 'septic tank', 'overflow', 'trade waste', 'pump station', 'treatment', 'pipe renewal'],
        headlines: ['Sewer renewal in {place}', 'Wastewater overflow at the harbour', 'Trade waste bylaw updated'],
      },
      {
        name: 'Stormwater and flooding',
        subjects: ['stormwater', 'flood protection', 'flood maps', 'drain maintenance', 'stopbanks'],
        actions: ['report a blocked drain', 'check flood risk for a property', 'prepare your home for flooding'],
        terms: ['stormwater', 'flooding', 'drain', 'culvert', 'stopbank', 'flood map', 'catchment', 'overland flow'],
        headlines: ['Flood protection works in {place}', 'New flood maps released', 'Clear your drains before winter'],
      },
      {
        name: 'Water restrictions',
        subjects: ['water restrictions', 'water conservation', 'garden watering', 'sprinkler bans', 'rainwater tanks'],
        actions: ['check current water restrictions', 'save water at home', 'install a rainwater tank'],
        terms: ['water restriction', 'conservation', 'sprinkler', 'hose', 'rainwater tank', 'drought', 'alert level', 'usage'],
        headlines: ['Sprinkler ban for {place}', 'Water restrictions eased after rain', 'Summer water saving tips'],
      },
    ],
  },
  {
    name: 'Community and housing',
    committee: 'Community and Recreation Committee',
    subsites: [
      [COUNCIL, 4],
      [LEISURE, 1],
    ],
    subtopics: [
      {
        name: 'Community grants',
        subjects: ['community grants', 'funding rounds', 'arts grants', 'event funding', 'youth funding'],
        actions: ['apply for a community grant', 'report on grant spending', 'find funding for an event'],
        terms: ['grant', 'funding round', 'application', 'accountability report', 'community group', 'criteria', 'arts', 'youth'],
        headlines: ['Community grants round opens', 'Funding boost for {place} groups', 'Arts grants awarded'],
      },
      {
        name: 'Social housing',
        subjects: ['social housing', 'pensioner housing', 'housing affordability', 'tenancy services', 'emergency housing'],
        actions: ['apply for council housing', 'report a maintenance problem in your flat', 'find emergency accommodation'],
        terms: ['tenant', 'social housing', 'pensioner flat', 'waiting list', 'rent', 'maintenance', 'affordability', 'tenancy'],
        headlines: ['New pensioner flats in {place}', 'Housing strategy adopted', 'Social housing waiting list shortens'],
      },
      {
        name: 'Events',
        subjects: ['community events', 'event permits', 'festivals', 'Matariki celebrations', 'summer concerts'],
        actions: ['get a permit for an event', 'list your event', 'hire a venue'],
        terms: ['event', 'festival', 'permit', 'venue hire', 'concert', 'Matariki', 'market', 'fireworks'],
        headlines: ['Summer concerts return to {place}', 'Matariki festival programme released', 'Night market opens'],
      },
      {
        name: 'Civil defence',
        subjects: ['emergency preparedness', 'civil defence centres', 'tsunami evacuation zones', 'emergency alerts', 'earthquake readiness'],
        actions: ['prepare an emergency plan', 'find your tsunami zone', 'sign up for emergency alerts'],
        terms: ['civil defence', 'emergency', 'tsunami', 'earthquake', 'evacuation', 'emergency kit', 'welfare centre', 'alert'],
        headlines: ['Tsunami sirens tested in {place}', 'Get ready for an emergency', 'Welfare centre volunteers needed'],
      },
    ],
  },
  {
    name: 'Libraries and learning',
    committee: 'Community and Recreation Committee',
    subsites: [
      [LIBRARIES, 5],
      [COUNCIL, 1],
    ],
    subtopics: [
      {
        name: 'Borrowing',
        subjects: ['library membership', 'borrowing and renewals', 'library fees', 'holds and reservations', 'interloans'],
        actions: ['join the library', 'renew your books', 'place a hold'],
        terms: ['library card', 'loan', 'renewal', 'overdue', 'hold', 'interloan', 'branch', 'collection'],
        headlines: ['Overdue fines scrapped', 'New branch library for {place}', 'Library card now free for everyone'],
      },
      {
        name: 'Library programmes',
        subjects: ['storytimes', 'holiday programmes', 'book clubs', 'digital literacy classes', 'author talks'],
        actions: ['book a holiday programme', 'join a book club', 'bring your class to the library'],
        terms: ['storytime', 'holiday programme', 'book club', 'workshop', 'author talk', 'children', 'teens', 'literacy'],
        headlines: ['School holiday programme at {place} library', 'Author talks this winter', 'Digital skills classes for seniors'],
      },
      {
        name: 'Digital services',
        subjects: ['eBooks and audiobooks', 'library Wi-Fi', 'computer access', 'online databases', 'printing and scanning'],
        actions: ['borrow eBooks', 'use the library computers', 'print from your device'],
        terms: ['eBook', 'audiobook', 'Wi-Fi', 'computer', 'database', 'printing', 'scanning', 'app'],
        headlines: ['eBook collection doubles', 'Free Wi-Fi at all libraries', 'Print from your phone at {place} library'],
      },
      {
        name: 'Local history',
        subjects: ['local history', 'heritage collections', 'family history research', 'archives', 'oral histories'],
        actions: ['research your family history', 'search the archives', 'donate to the heritage collection'],
        terms: ['archive', 'heritage', 'photograph', 'genealogy', 'oral history', 'manuscript', 'map', 'collection'],
        headlines: ['Historic photos of {place} digitised', 'Family history day', 'Archives reading room reopens'],
      },
    ],
  },
  {
    name: 'Animals',
    committee: 'Planning and Regulatory Committee',
    subsites: [[COUNCIL, 1]],
    subtopics: [
      {
        name: 'Dog registration',
        subjects: ['dog registration', 'dog control', 'menacing dogs', 'responsible dog owners', 'dog microchipping'],
        actions: ['register your dog', 'report a roaming dog', 'apply for responsible owner status'],
        terms: ['dog registration', 'microchip', 'registration fee', 'leash', 'dog control officer', 'menacing', 'pound', 'owner'],
        headlines: ['Dog registration due by 31 July', 'Free microchipping day in {place}', 'Dog attacks fall'],
      },
      {
        name: 'Lost and found animals',
        subjects: ['the animal shelter', 'lost pets', 'adopting a dog', 'stock on roads', 'impounded animals'],
        actions: ['find a lost pet', 'adopt a dog', 'report wandering stock'],
        terms: ['shelter', 'pound', 'adoption', 'lost', 'found', 'stock', 'impound', 'release fee'],
        headlines: ['Dogs looking for homes', 'Animal shelter upgrade', 'Stock on roads in {place}'],
      },
      {
        name: 'Pest control',
        subjects: ['pest control', 'predator free neighbourhoods', 'rat trapping', 'wasp nests', 'pest plants'],
        actions: ['get a free rat trap', 'report a pest plant', 'join a trapping group'],
        terms: ['pest', 'predator', 'trap', 'possum', 'rat', 'stoat', 'weed', 'biosecurity'],
        headlines: ['Predator free {place} hits milestone', 'Free traps for backyard trappers', 'Wasp nest season'],
      },
    ],
  },
  {
    name: 'Environment',
    committee: 'Climate and Environment Committee',
    subsites: [[COUNCIL, 1]],
    subtopics: [
      {
        name: 'Climate change',
        subjects: ['climate change', 'emissions reduction', 'climate adaptation', 'electric vehicle charging', 'energy efficiency'],
        actions: ['reduce your emissions', 'find an EV charger', 'insulate your home'],
        terms: ['emissions', 'adaptation', 'sea level rise', 'carbon', 'electric vehicle', 'insulation', 'solar', 'resilience'],
        headlines: ['EV chargers installed in {place}', 'Council emissions down 12 percent', 'Climate adaptation plan consultation'],
      },
      {
        name: 'Biodiversity',
        subjects: ['biodiversity', 'native bush', 'wetland restoration', 'significant natural areas', 'native birds'],
        actions: ['protect native bush on your land', 'join a restoration group', 'get free native plants'],
        terms: ['native', 'wetland', 'bush', 'restoration', 'kereru', 'tui', 'habitat', 'significant natural area'],
        headlines: ['Wetland restoration in {place}', 'Native bird counts up', 'Free native plants for landowners'],
      },
      {
        name: 'Coastal management',
        subjects: ['coastal erosion', 'beach water quality', 'sand dunes', 'coastal hazards', 'marine reserves'],
        actions: ['check beach water quality', 'report coastal erosion', 'help restore sand dunes'],
        terms: ['coast', 'erosion', 'dune', 'beach', 'swimming water quality', 'seawall', 'marine', 'storm surge'],
        headlines: ['Dune planting at {place} beach', 'Beach water quality results', 'Seawall repairs approved'],
      },
    ],
  },
];

/** Sentences that open a document, by type. Slots: {subject} {Subject} {place} {year} {action} {term} {council}. */
export const OPENINGS: Record<CorpusDocumentType, string[]> = {
  Policy: [
    'This policy sets out how {council} manages {subject} across the district.',
    'The purpose of this policy is to give clear and consistent rules for {subject}.',
    'This policy applies to all {term} matters handled by {council} from {year}.',
  ],
  Report: [
    'This report summarises our work on {subject} over the past year.',
    'The report presents the results of monitoring {subject} in {year}.',
    'Officers were asked to report on {subject}, including {term} and related costs.',
  ],
  Guidance: [
    'This guide explains how to {action} and what you need to have ready.',
    'Read this guidance before you {action}: it covers costs, timeframes and common mistakes.',
    'Most people can {action} online in a few minutes.',
  ],
  Form: [
    'Use this form to {action}.',
    'Complete every section of this form so we can process your request about {subject} without delay.',
    'This form is for residents and businesses who want to {action}.',
  ],
  Minutes: [
    'Minutes of the meeting of the {committee} held at the council chambers.',
    'The {committee} met to consider reports on {subject} and other business.',
    'Present: the Mayor, councillors and officers. The meeting opened with a karakia.',
  ],
  Bylaw: [
    'This bylaw is made under the Local Government Act 2002 and regulates {subject}.',
    'The bylaw protects the public from nuisance and manages {subject} in public places.',
    'This bylaw replaces the previous bylaw on {subject} and comes into force on 1 July {year}.',
  ],
  News: [
    'There is news about {subject} for {place} this month.',
    'Residents of {place} will see changes to {subject} from next week.',
    '{council} has announced an update on {subject}.',
  ],
  Consultation: [
    'We want your feedback on {subject} before we make a decision.',
    'Have your say on proposed changes to {subject} in {place} and across the city.',
    'We are consulting on {subject}. Submissions are open until the end of the month.',
  ],
  Plan: [
    'This plan sets the direction for {subject} for the next ten years.',
    'The plan describes the outcomes we want for {subject} and how we will achieve them.',
    'This plan was adopted by the council in {year} after public consultation on {subject}.',
  ],
};

/** Sentences for the rest of the body. The same slots as the openings, plus {term2} and {amount}. */
export const SENTENCES: string[] = [
  'The main changes concern {term} and {term2}.',
  'We received many comments about {term}, most of them from residents in {place}.',
  'You can contact our customer services team for help with {term}.',
  'Staff will review how {term} is handled and report back to the {committee}.',
  'The cost of {term} work this year is estimated at {amount}.',
  'In {place}, {term} has been a particular concern since {year}.',
  'Information about {term2} is available on our website and at the service centre.',
  'The council will monitor {term} and publish the results each year.',
  'If you need to {action}, allow at least {days} working days.',
  'Our priority is to keep {term} safe, affordable and reliable for everyone.',
  'Work on {term2} in {place} is scheduled to finish by {year}.',
  'Feedback from the community helped shape the approach to {term}.',
  'Fees for {term} are reviewed every year as part of the annual plan.',
  'Councillors asked officers for more detail on {term2} and the effect on ratepayers.',
  'There are exceptions for {term} in some cases; check the details or ask us.',
  'A budget of {amount} has been set aside for {term2}.',
  'The {committee} resolved to receive the report on {term}.',
  'We work with iwi, community groups and businesses in {place} on {term2}.',
  'Data on {term} shows a steady improvement since {year}.',
  'The rules on {term2} apply to all properties in the district.',
  'Late applications about {term} may not be accepted.',
  'Most requests about {term2} are dealt with within {days} working days.',
  'Tell us if anything about {term} is unclear, so we can improve this information.',
  'Accessible formats of this document are available on request.',
  'Photos and maps of {place} show the areas affected by {term2}.',
  'This replaces earlier information about {term} published in {year}.',
  'We may charge for {term2} where the work takes longer than usual.',
  'Independent advice on {term} was considered before the decision.',
  'The next review of {term2} is due in {year}.',
  'Please keep your receipt or reference number for {term} in case you need it later.',
];

export const CLOSINGS: string[] = [
  'For more information, call 03 000 0000 or email info@harbourton.govt.nz.',
  'You can also visit the service centre at 1 Wharf Street, Monday to Friday, 8:30am to 5pm.',
  'Sign up to our newsletter to hear about changes to {subject}.',
  'This document is reviewed every three years.',
  'Next steps: the council will consider the matter at its next meeting.',
];

/** Summaries by type, one sentence. */
export const SUMMARIES: Record<CorpusDocumentType, string[]> = {
  Policy: ['How the council manages {subject}.', 'Our policy on {subject}, including {term} and {term2}.', 'Rules and principles for {subject}.'],
  Report: ['Results and spending on {subject} in {year}.', 'A report on {subject}, {term} and {term2}.', 'What we achieved on {subject} and what comes next.'],
  Guidance: ['How to {action}, what it costs and how long it takes.', 'A step-by-step guide to {subject}.', 'What you need to know about {term} and {term2}.'],
  Form: ['Use this form to {action}.', 'Application form for {subject}.', 'Complete this form to {action} online or on paper.'],
  Minutes: ['Minutes of the {committee} meeting, including {subject}.', 'Decisions of the {committee} on {subject} and {term}.'],
  Bylaw: ['The bylaw that regulates {subject}.', 'Rules for {subject}, {term} and enforcement.'],
  News: ['News for residents of {place} about {subject}.', 'An update on {subject} and {term}.', 'What is changing for {subject} in {place}.'],
  Consultation: ['Tell us what you think about {subject}.', 'Consultation on {subject}: how to make a submission.', 'Proposed changes to {subject} and {term}.'],
  Plan: ['Our plan for {subject} over the next ten years.', 'The long-term plan for {subject}, {term} and {term2}.', 'Goals and actions for {subject}.'],
};
