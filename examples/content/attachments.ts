/**
 * The files the council attaches to documents of its library: each one's text, as the CMS holds it, and the
 * library document it belongs to. examples/scripts/make-documents.ts prints them as PDFs into
 * examples/assets/documents/ (committed, small); the document's page links to its file.
 */

export interface Attachment {
  /** File name under examples/assets/documents/. */
  file: string;
  /** The library document (examples/content/generate-corpus.ts, seed 1) whose page links to the file. */
  documentId: string;
  /** The PDF's Title, and the heading of its first page. */
  title: string;
  /** The PDF's CreationDate (ISO date): the day the council adopted or published it. */
  published: string;
  /** Paragraphs of the file, in order; a paragraph starting with "## " is a heading. */
  paragraphs: readonly string[];
}

/** Where the site serves the files (examples/assets is served at /assets). */
export const ATTACHMENTS_PATH = '/assets/documents';
/** Where they are kept in the repository. */
export const ATTACHMENTS_DIR = 'examples/assets/documents';
export const ATTACHMENT_AUTHOR = 'Harbourton City Council';

export const attachmentUrl = (attachment: Attachment) => `${ATTACHMENTS_PATH}/${attachment.file}`;

export const attachments: readonly Attachment[] = [
  {
    file: 'dog-control-bylaw-2012.pdf',
    documentId: 'doc-1178',
    title: 'Dog Control Bylaw 2012',
    published: '2012-05-05',
    paragraphs: [
      'This bylaw is made by Harbourton City Council under the Dog Control Act 1996 and the Local Government Act 2002. It comes into force on 1 July 2012 and applies to the whole of the Harbourton district.',
      '## 1. Purpose',
      "The purpose of this bylaw is to give effect to the council's dog control policy: to minimise danger, distress and nuisance caused by dogs, to keep public places safe and pleasant for everyone, and to give dogs and their owners places to exercise.",
      '## 2. Dogs in public places',
      "In any public place a dog must be under the continuous control of its owner. In the city centre, on every beach between 9am and 7pm from 1 December to 28 February, and within 10 metres of a children's playground, a dog must be on a leash held by a person able to restrain it.",
      'Dogs are prohibited at all times from the Harbourton Botanic Garden, sports grounds marked for play, the wildlife reserve at Te Awa Estuary, and cemeteries, except guide dogs and hearing dogs in the course of their work.',
      '## 3. Dog exercise areas',
      'A dog may be off its leash in the dog exercise areas listed in Schedule 1, including Kingsford Reserve, the northern end of Northshore Beach and the Beacon Hill dog park, provided the owner carries a leash and keeps the dog within sight.',
      '## 4. Dog waste',
      "An owner must immediately remove any faeces left by their dog in a public place or on land that is not the owner's, and dispose of it in a rubbish bin or at home. An owner must carry a bag or other means of removing dog waste at all times.",
      '## 5. Number of dogs',
      "No more than two dogs over the age of three months may be kept on a property in an urban area without the council's written permission. The council may grant permission where the dogs will be kept without nuisance to neighbours.",
      '## 6. Offences and penalties',
      'Any person who breaches this bylaw commits an offence and is liable to the infringement fees and penalties set by the Dog Control Act 1996. A dog control officer may seize a dog that is not under control in a public place.',
    ],
  },
  {
    file: 'remission-of-penalties-policy-2020.pdf',
    documentId: 'doc-1916',
    title: 'Rates Remission of Penalties Policy 2020',
    published: '2020-07-27',
    paragraphs: [
      'This policy sets out when Harbourton City Council will remit penalties added to unpaid rates. It is adopted under sections 85 and 102 of the Local Government (Rating) Act 2002 and section 109 of the Local Government Act 2002.',
      '## Objective',
      'Penalties encourage ratepayers to pay on time. The council recognises that a ratepayer may miss a due date for reasons outside their control, and that remitting a penalty in those cases is fair and helps the ratepayer to keep up with their rates.',
      '## When penalties may be remitted',
      "The council may remit a penalty when a ratepayer has paid their rates on time for the previous two years; when payment was late because of a death, illness or accident in the family, or a fire, flood or other emergency; when the ratepayer has agreed to a direct debit arrangement and keeps to it; or when the rates invoice was sent to a wrong address through the council's error.",
      '## How to apply',
      "Apply in writing, by email or with the remission of penalties request form, within 30 days of the penalty being added. Tell us the property's valuation number and why the payment was late. We may ask for evidence, such as a medical certificate.",
      '## Decisions',
      'The rates team decides each application within 10 working days and tells the ratepayer in writing. Penalties of more than $500 are decided by the Chief Financial Officer. A ratepayer who disagrees with a decision may ask for it to be reviewed.',
      '## Review of this policy',
      'The council reviews this policy at least every six years, together with its rates remission and postponement policies, and consults the community on any change.',
    ],
  },
  {
    file: 'annual-plan-monitoring-report-2019.pdf',
    documentId: 'doc-1213',
    title: 'Annual Plan 2019/20 Monitoring Report: Summary',
    published: '2019-12-03',
    paragraphs: [
      "This report summarises the council's progress in the first five months of the 2019/20 year against the work programme and budget set in the Annual Plan 2019/20. It was presented to the Finance and Performance Committee on 3 December 2019.",
      '## Overall progress',
      'Of the 142 projects in the annual plan, 118 are on track, 17 are running late and 7 have been deferred to 2020/21. Operating spending is 2.1 per cent below budget, mainly because of vacancies in the building consents team and lower interest costs.',
      '## Capital works',
      'The capital works programme has spent $18.4 million of its $52.6 million budget. The Wharf Street stormwater upgrade and the Eastbrook library refurbishment are complete. The Riverside bridge renewal has been delayed by the supply of steel and is now expected to finish in August 2020.',
      '## Rates and debt',
      'Rates income is in line with the budget. Net debt stands at $96 million, below the limit of $120 million set in the financial strategy. The council has kept the average rates increase for 2019/20 at 3.9 per cent, as consulted on.',
      '## Levels of service',
      'Twenty-one of the 26 performance measures are being met. Measures not yet met include the time taken to process building consents, which averaged 22 working days against a target of 20, and the response time to noise complaints at weekends.',
      '## Next steps',
      'Officers will report again to the committee in April 2020, and the final results for the year will be published in the Annual Report 2019/20.',
    ],
  },
  {
    file: 'hardship-relief-policy-2025.pdf',
    documentId: 'doc-310',
    title: 'Rates Hardship Relief Policy 2025',
    published: '2025-07-09',
    paragraphs: [
      "Harbourton City Council wants people to be able to stay in their homes when times are hard. This policy explains the rates relief available to ratepayers in financial hardship, in addition to the government's rates rebate scheme.",
      '## Who can apply',
      'You can apply if you own and live in the property, it is your only property, and paying your rates in full would cause you serious financial hardship. Hardship may follow a loss of income, a large medical cost, a separation or a natural disaster.',
      '## What relief is available',
      'The council may postpone some or all of your rates for up to three years, agree a payment plan that spreads your rates over weekly or fortnightly payments, remit penalties, or, in exceptional cases, remit up to $1,000 of rates in one year.',
      '## How to apply',
      'Contact the rates team on 03 000 0000 or at the service centre, 1 Wharf Street, Harbourton. We will talk with you about your situation, help you apply for a rates rebate if you are eligible, and ask for details of your household income and costs.',
      '## Conditions',
      'Postponed rates remain a charge on the property and are paid when it is sold, or earlier if your circumstances improve. The council reviews each arrangement every year. Information you give us is used only to decide your application and is kept private.',
    ],
  },
];
