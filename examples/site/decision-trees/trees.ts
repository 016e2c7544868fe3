import type { DecisionTreeData, TreeOutcome, TreeQuestion } from './tree-types';

const question = (id: string, text: string, options: TreeQuestion['options'], errorMessage: string, hint?: string): TreeQuestion => ({
  kind: 'question',
  id,
  question: text,
  hint,
  options,
  errorMessage,
});
const outcome = (id: string, title: string, paragraphs: string[], links?: TreeOutcome['links']): TreeOutcome => ({
  kind: 'outcome',
  id,
  title,
  paragraphs,
  links,
});
const byId = (...nodes: Array<TreeQuestion | TreeOutcome>) => Object.fromEntries(nodes.map((node) => [node.id, node]));
const yesNo = (yes: string, no: string) => [
  { value: 'yes', label: 'Yes', next: yes },
  { value: 'no', label: 'No', next: no },
];

const consentGuide = { href: '/guidance/building-consent', text: 'How to apply for a building consent' };
const talkToUs = { href: '/contact', text: 'Contact our building team' };
const stillBuildingCode =
  'The work must still meet the Building Code, and you may still need a resource consent if it breaks a district plan rule, for example by being too close to a boundary.';

export const buildingConsentTree: DecisionTreeData = {
  slug: 'building-consent',
  title: 'Do I need a building consent?',
  summary: 'Answer a few questions about your project to find out whether it needs a building consent.',
  intro:
    'Answer a few questions about the work you are planning. It takes about two minutes. The answer is a guide: if your project is unusual, talk to us before you start.',
  breadcrumbs: [{ title: 'Building and planning', href: '/services/building-and-planning' }],
  start: 'work-type',
  nodes: byId(
    question(
      'work-type',
      'What building work are you planning?',
      [
        { value: 'deck', label: 'Building a deck', next: 'deck-height' },
        { value: 'shed', label: 'Building a shed, sleep-out or other small stand-alone building', next: 'shed-size' },
        { value: 'wood-burner', label: 'Installing a wood burner or other solid fuel heater', next: 'consent-needed-burner' },
        { value: 'retaining-wall', label: 'Building a retaining wall', next: 'wall-height' },
        { value: 'repairs', label: 'Repairing or replacing part of a building', next: 'like-for-like' },
      ],
      'Select the building work you are planning',
    ),
    question(
      'deck-height',
      'How high will the deck be at its highest point?',
      [
        { value: 'low', label: '1.5 metres or lower', next: 'no-consent-deck' },
        { value: 'high', label: 'Higher than 1.5 metres', next: 'consent-needed' },
      ],
      'Select how high the deck will be',
      'Measure from the ground to the top of the deck floor.',
    ),
    question(
      'shed-size',
      'What will its floor area be?',
      [
        { value: 'up-to-10', label: '10 square metres or less', next: 'shed-use' },
        { value: 'up-to-30', label: 'More than 10 and up to 30 square metres', next: 'shed-builder' },
        { value: 'over-30', label: 'More than 30 square metres', next: 'consent-needed' },
      ],
      'Select the floor area',
    ),
    question(
      'shed-builder',
      'Will it be a kitset, or designed and built by a licensed building practitioner?',
      yesNo('shed-use', 'consent-needed'),
      'Select yes if it will be a kitset or built by a licensed building practitioner',
      'Buildings of this size are exempt only when they are built from lightweight materials this way.',
    ),
    question(
      'shed-use',
      'Will anyone sleep in it, or will it have plumbing or drainage?',
      yesNo('consent-needed', 'no-consent-small-building'),
      'Select yes if anyone will sleep in it or it will have plumbing',
    ),
    question(
      'wall-height',
      'How much ground will the wall hold back?',
      [
        { value: 'low', label: '1.5 metres or less', next: 'wall-load' },
        { value: 'high', label: 'More than 1.5 metres', next: 'consent-needed' },
      ],
      'Select how much ground the wall will hold back',
      'Measure the height of the ground it retains, from the bottom of the wall.',
    ),
    question(
      'wall-load',
      'Will the wall also hold up a driveway, a building or a sloping bank?',
      yesNo('consent-needed', 'no-consent-wall'),
      'Select yes if the wall will hold up anything else',
      'Engineers call this extra weight a surcharge.',
    ),
    question(
      'like-for-like',
      'Will you use the same or similar materials, in the same place?',
      yesNo('no-consent-repairs', 'talk-to-us'),
      'Select yes if you will use the same or similar materials',
      'For example, replacing rotten weatherboards with new weatherboards.',
    ),
    outcome(
      'consent-needed',
      'You need a building consent',
      [
        'Apply for a building consent before any work starts. Work done without one can be costly to put right and can cause problems when you sell.',
        'Most applications are decided within 20 working days.',
      ],
      [consentGuide, talkToUs],
    ),
    outcome(
      'consent-needed-burner',
      'You need a building consent for a wood burner',
      [
        'Every new or replacement solid fuel heater needs a building consent, because a poor installation can start a fire.',
        'The heater must also be on the list of approved low-emission burners.',
      ],
      [consentGuide],
    ),
    outcome(
      'no-consent-deck',
      'You probably do not need a building consent',
      ['Decks no higher than 1.5 metres above the ground are exempt.', stillBuildingCode],
      [talkToUs],
    ),
    outcome(
      'no-consent-small-building',
      'You probably do not need a building consent',
      [
        'Small stand-alone buildings without sleeping areas or plumbing are exempt when they meet the size and building rules you answered.',
        stillBuildingCode,
      ],
      [talkToUs],
    ),
    outcome(
      'no-consent-wall',
      'You probably do not need a building consent',
      ['Retaining walls that hold back 1.5 metres of ground or less, with nothing extra above them, are exempt.', stillBuildingCode],
      [talkToUs],
    ),
    outcome(
      'no-consent-repairs',
      'You probably do not need a building consent',
      [
        'Repairs and replacements with comparable materials in the same position are exempt, unless the part has failed early or it is a wall that holds up the roof.',
        stillBuildingCode,
      ],
      [talkToUs],
    ),
    outcome(
      'talk-to-us',
      'Talk to us before you start',
      [
        'Changing the materials or the position of part of a building may need a building consent. Our duty building officer can tell you what applies to your project.',
      ],
      [talkToUs],
    ),
  ),
};

const rebateHowTo = { href: '/services/rates-and-property/rates-relief', text: 'How to apply for a rates rebate' };

export const ratesRebateTree: DecisionTreeData = {
  slug: 'rates-rebate',
  title: 'Can I get a rates rebate?',
  summary: 'Find out whether you could get help with your rates if you are on a low income.',
  intro:
    'A rates rebate is a government refund of part of your rates for people on low incomes. Answer a few questions to see whether you could get one for the 2026/27 rating year.',
  breadcrumbs: [{ title: 'Rates and property', href: '/services/rates-and-property' }],
  start: 'own-home',
  nodes: byId(
    question(
      'own-home',
      'Do you own the property and live in it as your home?',
      yesNo('living-date', 'not-eligible-home'),
      'Select yes if you own the property and live in it',
      'This includes a retirement village unit you have a licence to occupy.',
    ),
    question(
      'living-date',
      'Were you living there on 1 July 2026?',
      yesNo('household-income', 'not-eligible-date'),
      'Select yes if you were living there on 1 July 2026',
    ),
    question(
      'household-income',
      'What was your household’s income before tax for the year to 31 March 2026?',
      [
        { value: 'under-30k', label: 'Less than $30,000', next: 'likely-full' },
        { value: '30k-to-45k', label: '$30,000 to $45,000', next: 'dependants' },
        { value: 'over-45k', label: 'More than $45,000', next: 'dependant-count' },
      ],
      'Select your household’s income',
      'Add together the income of you and your partner or joint homeowner.',
    ),
    question(
      'dependants',
      'Does anyone you support financially live with you?',
      yesNo('likely-partial', 'rates-amount'),
      'Select yes if anyone you support financially lives with you',
      'For example, children under 18.',
    ),
    question(
      'dependant-count',
      'How many people you support financially live with you?',
      [
        { value: 'none', label: 'None', next: 'unlikely' },
        { value: 'one-or-two', label: 'One or two', next: 'rates-amount' },
        { value: 'three-or-more', label: 'Three or more', next: 'likely-partial' },
      ],
      'Select how many people you support financially',
    ),
    question(
      'rates-amount',
      'Are your rates for 2026/27 more than $2,700?',
      yesNo('likely-partial', 'unlikely'),
      'Select yes if your rates are more than $2,700',
      'The amount is on your rates assessment, including the regional council’s rates.',
    ),
    outcome(
      'likely-full',
      'You could get a rates rebate of up to $805',
      ['Apply between 1 July 2026 and 30 June 2027. You will need your rates assessment and proof of your household income.'],
      [rebateHowTo],
    ),
    outcome(
      'likely-partial',
      'You could get a partial rates rebate',
      ['The rebate depends on your income, your rates and how many people you support. Apply and we will work out the amount with you.'],
      [rebateHowTo],
    ),
    outcome(
      'unlikely',
      'You are unlikely to get a rates rebate',
      ['You may still be able to spread your payments or postpone your rates if you are in hardship.'],
      [{ href: '/services/rates-and-property/rates-relief', text: 'Other help with your rates' }],
    ),
    outcome('not-eligible-home', 'Rates rebates are for people who own and live in their home', [
      'If you rent, your landlord pays the rates. You may be able to get help with your housing costs from Work and Income.',
    ]),
    outcome(
      'not-eligible-date',
      'You can apply next year',
      ['The rebate is for the home you lived in on 1 July. If you moved in later, you can apply from 1 July 2027.'],
      [rebateHowTo],
    ),
  ),
};

export const decisionTrees: readonly DecisionTreeData[] = [buildingConsentTree, ratesRebateTree];

export function findTree(slug: string): DecisionTreeData | undefined {
  return decisionTrees.find((tree) => tree.slug === slug);
}
