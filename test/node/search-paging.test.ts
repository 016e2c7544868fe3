import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TOTAL_PAGES } from '../../src/core/constants';
import { resultsNotice } from '../../src/core/search/a11y-notice';
import { capTotalPages, MAX_RESULTS_PER_PAGE, pagingRange, toPageNumber, toResultsPerPage } from '../../src/core/search/paging';

describe('pagingRange', () => {
  it('starts at 0 without results, else at (current-1)*size+1, and ends at min(total, start+size-1)', () => {
    assert.deepEqual(pagingRange(1, 20, 0), { pagingStart: 0, pagingEnd: 0 });
    assert.deepEqual(pagingRange(1, 20, 45), { pagingStart: 1, pagingEnd: 20 });
    assert.deepEqual(pagingRange(3, 20, 45), { pagingStart: 41, pagingEnd: 45 });
    assert.deepEqual(pagingRange(2, 10, 20), { pagingStart: 11, pagingEnd: 20 });
  });
});

describe('page numbers and sizes', () => {
  it('caps total pages at MAX_TOTAL_PAGES and reads nonsense as 0', () => {
    assert.equal(capTotalPages(3), 3);
    assert.equal(capTotalPages(MAX_TOTAL_PAGES + 1), MAX_TOTAL_PAGES);
    assert.equal(capTotalPages(-2), 0);
    assert.equal(capTotalPages(Number.NaN), 0);
  });

  it('accepts positive whole numbers (or their digits), lowering pages above the cap', () => {
    assert.equal(toPageNumber(2), 2);
    assert.equal(toPageNumber('7'), 7);
    assert.equal(toPageNumber(MAX_TOTAL_PAGES * 10), MAX_TOTAL_PAGES);
    for (const bad of [0, -1, 1.5, '1.5', '', ' 2', 'x', Number.NaN, Number.POSITIVE_INFINITY, null, true]) {
      assert.equal(toPageNumber(bad), undefined, String(bad));
    }
    assert.equal(toResultsPerPage(MAX_RESULTS_PER_PAGE), MAX_RESULTS_PER_PAGE);
    assert.equal(toResultsPerPage(MAX_RESULTS_PER_PAGE + 1), undefined);
    assert.equal(toResultsPerPage(0), undefined);
  });
});

describe('resultsNotice', () => {
  it('reads "Showing X to Y results out of N", with the term when there is one', () => {
    assert.equal(resultsNotice({ start: 1, end: 20, totalResults: 45, searchTerm: '' }), 'Showing 1 to 20 results out of 45');
    assert.equal(
      resultsNotice({ start: 21, end: 40, totalResults: 45, searchTerm: 'rates {end}' }),
      'Showing 21 to 40 results out of 45, searching for "rates {end}"',
    );
  });
});
