/**
 * What one client may add to analytics in a day, whatever store keeps them: a script typing junk, or sending the
 * same search over and over, stops counting at its allowance; a botnet of many clients shares one allowance past the
 * number of clients tracked; a new UTC day starts every allowance again.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientAllowance, clientAllowanceDefaults } from '../../packages/civic-search/src/analytics/client-caps';
import { DAY_MS } from '../../packages/civic-search/src/analytics/periods';
import { at } from './analytics-store-contract';

const morning = at('2025-05-05T08:00:00Z');

describe("a client's daily allowance", () => {
  it('stops counting a client past its distinct terms, and past its events, until the next UTC day', () => {
    const allowed = clientAllowance({ maxEventsPerDay: 10, maxTermsPerDay: 3, maxClientsPerDay: 100 });
    assert.deepEqual(
      ['a', 'b', 'c', 'd'].map((term) => allowed('script', term, morning)),
      [true, true, true, false],
      'a fourth distinct term is refused',
    );
    assert.equal(allowed('script', 'a', morning), true, 'a term it already used still counts');
    for (let n = 0; n < 6; n++) assert.equal(allowed('script', 'b', morning), true);
    assert.equal(allowed('script', 'c', morning), false, 'the eleventh event of the day is refused');
    assert.equal(allowed('resident', 'rates', morning), true, 'another client is not held back');
    assert.equal(allowed('script', 'd', morning + DAY_MS), true, 'the next day starts again');
  });

  it('gives clients past the number tracked one allowance to share', () => {
    const allowed = clientAllowance({ maxEventsPerDay: 2, maxTermsPerDay: 5, maxClientsPerDay: 2 });
    assert.equal(allowed('one', 'rates', morning), true);
    assert.equal(allowed('two', 'rates', morning), true);
    assert.deepEqual(
      ['bot1', 'bot2', 'bot3'].map((client) => allowed(client, 'junk', morning)),
      [true, true, false],
      'the third and later clients share two events',
    );
    assert.equal(allowed('one', 'bins', morning), true, 'tracked clients keep their own');
  });

  it('refuses an allowance that is not a whole number of at least 1', () => {
    assert.throws(() => clientAllowanceDefaults({ maxTermsPerDay: 0 }), /clientCaps.maxTermsPerDay must be a whole number of at least 1/);
    assert.deepEqual(clientAllowanceDefaults({ maxEventsPerDay: 50 }), {
      maxEventsPerDay: 50,
      maxTermsPerDay: 100,
      maxClientsPerDay: 100_000,
    });
  });
});
