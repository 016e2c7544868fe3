import type { FormDef } from './form-types';

/** Streets the council looks after: the server checks a report is about one of them. */
export const HARBOURTON_STREETS = [
  'Wharf Street',
  'Harbour View Road',
  'Kowhai Avenue',
  'Station Road',
  'Beach Road',
  'Rimu Street',
  'Totara Crescent',
  'Hillside Terrace',
  'Marine Parade',
  'Queen Street',
  'Victoria Avenue',
  'Church Lane',
] as const;

export const reportAProblem: FormDef = {
  slug: 'report-a-problem',
  title: 'Report a problem with a road or footpath',
  summary: 'Tell us about potholes, broken streetlights, damaged footpaths and missing signs.',
  intro: 'Use this form for problems on council roads and footpaths. For an emergency, such as a fallen power line, call 111.',
  submitLabel: 'Send report',
  steps: [
    {
      id: 'problem-step',
      title: 'What is the problem?',
      fields: [
        {
          kind: 'radios',
          name: 'problem',
          label: 'Type of problem',
          required: true,
          options: [
            { value: 'pothole', label: 'Pothole or damaged road surface' },
            { value: 'footpath', label: 'Damaged footpath or kerb' },
            { value: 'streetlight', label: 'Streetlight not working' },
            { value: 'sign', label: 'Damaged or missing road sign' },
            { value: 'other', label: 'Something else' },
          ],
          messages: { required: 'Select the type of problem' },
        },
        {
          kind: 'textarea',
          name: 'description',
          label: 'Describe the problem',
          hint: 'Include how big it is and anything that makes it dangerous.',
          required: true,
          maxLength: 1000,
          messages: { required: 'Enter a description of the problem', length: 'Description must be 1000 characters or fewer' },
        },
      ],
    },
    {
      id: 'location-step',
      title: 'Where is it?',
      fields: [
        {
          kind: 'text',
          name: 'street',
          label: 'Street name',
          hint: 'For example, Wharf Street.',
          required: true,
          maxLength: 100,
          autocomplete: 'off',
          messages: { required: 'Enter the street name', length: 'Street name must be 100 characters or fewer' },
        },
        {
          kind: 'text',
          name: 'landmark',
          label: 'Nearest house number or landmark (optional)',
          required: false,
          maxLength: 200,
          messages: { length: 'Nearest house number or landmark must be 200 characters or fewer' },
        },
      ],
    },
    {
      id: 'streetlight-step',
      title: 'About the streetlight',
      intro: 'Answer these if you are reporting a streetlight.',
      showIf: 'problem=streetlight',
      fields: [
        {
          kind: 'text',
          name: 'pole',
          label: 'Pole number (optional)',
          hint: 'It is on a tag on the pole, like HC1234.',
          required: false,
          pattern: '[A-Za-z]{2}[0-9]{4}',
          narrow: true,
          messages: { format: 'Enter the pole number as 2 letters and 4 numbers, like HC1234' },
        },
        {
          kind: 'radios',
          name: 'light-fault',
          label: 'What is wrong with the light?',
          required: true,
          options: [
            { value: 'off', label: 'It is off at night' },
            { value: 'flickering', label: 'It flickers' },
            { value: 'day', label: 'It is on during the day' },
            { value: 'damaged', label: 'It is damaged or hanging down' },
          ],
          messages: { required: 'Select what is wrong with the light' },
        },
      ],
    },
    {
      id: 'details-step',
      title: 'Your details',
      intro: 'We use these to send you the reference number and ask about the problem if we need to.',
      fields: [
        {
          kind: 'text',
          name: 'full-name',
          label: 'Full name',
          required: true,
          maxLength: 100,
          autocomplete: 'name',
          messages: { required: 'Enter your full name', length: 'Full name must be 100 characters or fewer' },
        },
        {
          kind: 'email',
          name: 'email',
          label: 'Email address',
          required: true,
          maxLength: 254,
          autocomplete: 'email',
          messages: {
            required: 'Enter your email address',
            format: 'Enter an email address in the correct format, like name@example.com',
            length: 'Email address must be 254 characters or fewer',
          },
        },
        {
          kind: 'tel',
          name: 'phone',
          label: 'Phone number (optional)',
          required: false,
          // Written for the `v` flag browsers compile patterns with: ( ) and - are escaped inside the class.
          pattern: String.raw`[0-9+\(\) \-]{7,20}`,
          autocomplete: 'tel',
          narrow: true,
          messages: { format: 'Enter a phone number, like 03 000 0000 or +64 3 000 0000' },
        },
        { kind: 'checkbox', name: 'updates', label: 'Email me when the problem is fixed', value: 'yes', required: false, messages: {} },
      ],
    },
  ],
};
