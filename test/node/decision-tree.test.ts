import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  HISTORY_STATE_KEY,
  StepHistory,
  parseStepResponse,
  parseStepResponseText,
  readTreeEntry,
  sameOriginUrl,
  scrollTopFor,
  stepRequest,
  withTreeEntry,
} from '../../src/core/decision-tree';
import { DECISION_TREE_SCROLL_OFFSET_PX } from '../../src/core/constants';

const BASE = 'https://www.harbourton.govt.nz/decision-trees/building-consent';

describe('parseStepResponse: the {html, nexturl} answer', () => {
  const table: Array<{ body: unknown; expected: ReturnType<typeof parseStepResponse>['ok']; nexturl?: string | null; why: string }> = [
    { why: 'html and nexturl', body: { html: '<p>x</p>', nexturl: '/t?a=1' }, expected: true, nexturl: '/t?a=1' },
    { why: 'nexturl is trimmed', body: { html: '', nexturl: '  /t  ' }, expected: true, nexturl: '/t' },
    { why: 'no nexturl: the step shows, the address stays', body: { html: '<p>x</p>' }, expected: true, nexturl: null },
    { why: 'null nexturl, likewise', body: { html: '<p>x</p>', nexturl: null }, expected: true, nexturl: null },
    { why: 'no html', body: { nexturl: '/t' }, expected: false },
    { why: 'html that is not text', body: { html: 42, nexturl: '/t' }, expected: false },
    { why: 'an empty nexturl', body: { html: '', nexturl: ' ' }, expected: false },
    { why: 'a nexturl that is not text', body: { html: '', nexturl: {} }, expected: false },
    { why: 'an array', body: [{ html: '' }], expected: false },
    { why: 'null', body: null, expected: false },
    { why: 'a string', body: '<p>x</p>', expected: false },
  ];
  for (const { why, body, expected, nexturl } of table) {
    it(why, () => {
      const result = parseStepResponse(body);
      assert.equal(result.ok, expected);
      if (result.ok) assert.equal(result.response.nexturl, nexturl);
      else assert.ok(result.problem.length > 0);
    });
  }

  it('reads text, refusing what is not JSON', () => {
    assert.deepEqual(parseStepResponseText('{"html":"<h2>Q</h2>","nexturl":"/n"}'), {
      ok: true,
      response: { html: '<h2>Q</h2>', nexturl: '/n' },
    });
    assert.equal(parseStepResponseText('<!doctype html><p>Server error</p>').ok, false);
    assert.equal(parseStepResponseText('').ok, false);
  });
});

describe('sameOriginUrl', () => {
  const table: Array<[string, string | null]> = [
    ['/decision-trees/building-consent?work=deck', 'https://www.harbourton.govt.nz/decision-trees/building-consent?work=deck'],
    ['?work=deck#step-height', 'https://www.harbourton.govt.nz/decision-trees/building-consent?work=deck#step-height'],
    ['https://www.harbourton.govt.nz/x', 'https://www.harbourton.govt.nz/x'],
    ['https://evil.example/x', null],
    ['//evil.example/x', null],
    ['http://www.harbourton.govt.nz/x', null],
    ['https://www.harbourton.govt.nz:8443/x', null],
    ['javascript:alert(1)', null],
    ['data:text/html,<script>1</script>', null],
    ['http://[', null],
  ];
  for (const [url, expected] of table) it(`${url} -> ${expected}`, () => assert.equal(sameOriginUrl(url, BASE), expected));

  it('refuses everything against a base that is not a URL', () => {
    assert.equal(sameOriginUrl('/x', 'not a url'), null);
  });
});

describe('stepRequest: the request a step form makes', () => {
  const fields: Array<[string, string]> = [
    ['work', 'deck'],
    ['deck-height', 'over 1.5 m'],
  ];

  it('POSTs the fields form-encoded to the action', () => {
    assert.deepEqual(stepRequest('/decision-trees/building-consent', 'post', fields, BASE), {
      url: 'https://www.harbourton.govt.nz/decision-trees/building-consent',
      method: 'POST',
      body: 'work=deck&deck-height=over+1.5+m',
    });
  });

  it("GETs with the fields replacing the action's query and dropping its fragment, as a browser does", () => {
    assert.deepEqual(stepRequest('/t?old=1#x', 'GET', fields, BASE), {
      url: 'https://www.harbourton.govt.nz/t?work=deck&deck-height=over+1.5+m',
      method: 'GET',
      body: undefined,
    });
    assert.equal(stepRequest('/t', '', [], BASE)?.method, 'GET');
  });

  it('leaves forms of other origins and other methods to the browser', () => {
    assert.equal(stepRequest('https://evil.example/steal', 'post', fields, BASE), null);
    assert.equal(stepRequest('/t', 'dialog', fields, BASE), null);
    assert.equal(stepRequest('javascript:void(0)', 'post', fields, BASE), null);
  });
});

describe('scrollTopFor', () => {
  const table: Array<[number, number, number]> = [
    // [element top in the viewport, window scroll, expected scroll]
    [400, 0, 400 - DECISION_TREE_SCROLL_OFFSET_PX],
    [400, 1000, 1250],
    [-300, 1000, 550],
    [100, 0, 0],
    [Number.NaN, 0, 0],
  ];
  for (const [top, scrollY, expected] of table) {
    it(`element at ${top} with the page at ${scrollY} -> ${expected}`, () => {
      assert.equal(scrollTopFor(top, scrollY, DECISION_TREE_SCROLL_OFFSET_PX), expected);
    });
  }
});

describe('history entries', () => {
  it("adds the tree's entry beside what other scripts keep in history.state", () => {
    const state = withTreeEntry({ search: { q: 'rates' } }, { tree: 'consent', load: 'L1', index: 2 });
    assert.deepEqual(state, { search: { q: 'rates' }, [HISTORY_STATE_KEY]: { consent: { load: 'L1', index: 2 } } });
    const both = withTreeEntry(state, { tree: 'rebate', load: 'L1', index: 0 });
    assert.deepEqual(readTreeEntry(both, 'consent'), { tree: 'consent', load: 'L1', index: 2 });
    assert.deepEqual(readTreeEntry(both, 'rebate'), { tree: 'rebate', load: 'L1', index: 0 });
  });

  it('starts from an empty object when history.state is not one', () => {
    for (const state of [null, undefined, 'text', 3, ['a']]) {
      assert.deepEqual(withTreeEntry(state, { tree: 't', load: 'L', index: 0 }), { [HISTORY_STATE_KEY]: { t: { load: 'L', index: 0 } } });
    }
  });

  it('reads nothing from entries it did not write', () => {
    const table: unknown[] = [
      null,
      'x',
      {},
      { [HISTORY_STATE_KEY]: 'x' },
      { [HISTORY_STATE_KEY]: { other: { load: 'L', index: 1 } } },
      { [HISTORY_STATE_KEY]: { t: { load: 'L', index: -1 } } },
      { [HISTORY_STATE_KEY]: { t: { load: 'L', index: 1.5 } } },
      { [HISTORY_STATE_KEY]: { t: { load: 7, index: 1 } } },
    ];
    for (const state of table) assert.equal(readTreeEntry(state, 't'), null, JSON.stringify(state));
  });
});

describe('StepHistory', () => {
  it('pushes, goes back and forward, and drops the entries ahead on a new push', () => {
    const history = new StepHistory('start');
    assert.equal(history.push('q2'), 1);
    assert.equal(history.push('q3'), 2);
    assert.equal(history.go(0), 'start');
    assert.equal(history.go(2), 'q3');
    assert.equal(history.go(1), 'q2');
    assert.equal(history.push('other q3'), 2);
    assert.equal(history.length, 3);
    assert.equal(history.go(2), 'other q3');
  });

  it('replaces the current snapshot', () => {
    const history = new StepHistory('a');
    history.replace('b');
    assert.equal(history.go(0), 'b');
  });

  it('finds the nearest entry that matches: the current one, then earlier, then later ones', () => {
    const history = new StepHistory('/t');
    history.push('/t?a=1');
    history.push('/t');
    history.push('/t?a=1&b=2');
    history.go(2);
    assert.equal(
      history.nearest((url) => url === '/t'),
      2,
    );
    assert.equal(
      history.nearest((url) => url === '/t?a=1'),
      1,
    );
    assert.equal(
      history.nearest((url) => url === '/t?a=1&b=2'),
      3,
    );
    assert.equal(
      history.nearest((url) => url === '/elsewhere'),
      -1,
    );
  });

  it('refuses entries it does not hold, staying where it is', () => {
    const history = new StepHistory('a');
    history.push('b');
    for (const index of [-1, 2, 0.5, Number.NaN]) assert.equal(history.go(index), undefined);
    assert.equal(history.current, 1);
  });
});
