import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRedactor, isIrdNumber, passesLuhn } from '../../packages/civic-search/src/analytics/redaction';

const redact = createRedactor();

/** Searches holding personal details, and what must be kept of each. */
const PERSONAL: ReadonlyArray<[string, string]> = [
  ['change address jane.doe@example.co.nz', 'change address [email]'],
  ['Complaint from J.Smith+rates@council.govt.nz about bins', 'complaint from [email] about bins'],
  ['call back 021 555 1234', 'call back [phone]'],
  ['call back 0215551234 please', 'call back [phone] please'],
  ['my number is (09) 309 1234', 'my number is [phone]'],
  ['landline 309 1234', 'landline [phone]'],
  ['+64 21 555 1234 noise complaint', '[phone] noise complaint'],
  ['ring 0412 345 678 about the dog', 'ring [phone] about the dog'],
  ['(02) 9876 5432 sydney office', '[phone] sydney office'],
  ['+61 412 345 678', '[phone]'],
  ['07700 900123 council tax', '[phone] council tax'],
  ['020 7946 0958', '[phone]'],
  ['+44 7700 900 123 parking fine', '[phone] parking fine'],
  ['+1-202-555-0143', '[phone]'],
  ['ird 49-091-850 rates rebate', 'ird [ird] rates rebate'],
  ['ird number 49091850', 'ird number [ird]'],
  ['IRD 123-456-789', 'ird [ird]'],
  ['NI number JK 12 34 56 C', 'ni number [ni-number]'],
  ['ab123456c council tax', '[ni-number] council tax'],
  ['pay rates card 4111 1111 1111 1111', 'pay rates card [card]'],
  ['4111-1111-1111-1111 refund', '[card] refund'],
  ['amex 378282246310005', 'amex [card]'],
  ['021 555 1234 4111 1111 1111 1111', '[number]'],
];

/** Ordinary searches that must be kept as typed (normalised). */
const ORDINARY = [
  '2024 rates',
  'rates 2024 2025',
  'bus 24',
  'bus route 24 timetable',
  'form IR3',
  'ir 330 tax code',
  '12 queen street',
  '1/45 victoria road',
  'rubbish collection 12/03/2024',
  'meeting 12-03-2024',
  'agenda 2024-03-12',
  'consent BC1234567',
  'dog registration fee $150',
  'building consent 2023/1234',
  'pool fence',
  'on 12 march',
  'level 3 lockdown',
  'section 17a rma',
  'auckland 1010',
  'SW1A 1AA',
  'covid-19 vaccine',
  'cafe opening hours 9-5',
];

describe('analytics redaction', () => {
  for (const [search, kept] of PERSONAL) {
    it(`removes the personal detail from ${JSON.stringify(search)}`, () => {
      const result = redact(search);
      assert.equal(result.term, kept);
      assert.equal(result.redacted, true);
    });
  }
  for (const search of ORDINARY) {
    it(`keeps the ordinary search ${JSON.stringify(search)}`, () => {
      const result = redact(search);
      assert.equal(result.term, search.toLowerCase());
      assert.equal(result.redacted, false);
    });
  }

  it('leaves no digit of a redacted number behind', () => {
    for (const [search] of PERSONAL) {
      const { term } = redact(search);
      for (const run of search.match(/\d{3,}/g) ?? []) assert.ok(!term.includes(run), `${run} survived in ${term}`);
    }
  });

  it('removes British postcodes only when the operator asks', () => {
    assert.equal(redact('bins sw1a 1aa').term, 'bins sw1a 1aa');
    assert.equal(createRedactor({ postcodes: true })('bins SW1A 1AA').term, 'bins [postcode]');
    assert.equal(createRedactor({ postcodes: true })('bus 24').term, 'bus 24');
  });

  it("removes the operator's own patterns with their own placeholder", () => {
    const withCases = createRedactor({ patterns: [{ name: 'case', pattern: 'cas-\\d{6}' }] });
    assert.deepEqual(withCases('update on CAS-123456 please'), { term: 'update on [case] please', redacted: true });
    assert.throws(() => createRedactor({ patterns: [{ name: 'bad', pattern: '(' }] }), /not a valid regular expression/);
    assert.throws(() => createRedactor({ patterns: [{ name: 'bad name!', pattern: 'x' }] }), /must be 1–32/);
  });

  it('normalises what it keeps: cut, trimmed, spaces collapsed, lower case', () => {
    assert.equal(redact('  Rubbish   COLLECTION ').term, 'rubbish collection');
    assert.equal(redact('x'.repeat(1000)).term.length, 256);
  });

  it('checks numbers the way their issuers do', () => {
    assert.ok(passesLuhn('4111111111111111'));
    assert.ok(!passesLuhn('4111111111111112'));
    assert.ok(isIrdNumber('49091850'));
    assert.ok(isIrdNumber('136410132'));
    assert.ok(!isIrdNumber('49091851'));
  });
});
