import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkedTest,
  compareRuns,
  CUTOFF,
  isWorse,
  parseExpectedLines,
  expectedLines,
  runTests,
  scoreResults,
  testsFromCsv,
  testsToCsv,
  type RelevanceRun,
  type StoredTest,
} from '../../packages/civic-search/src/relevance-tests';

/**
 * The relevance tests' arithmetic, checked against values worked out by hand: recall@10 and nDCG@10 of known
 * result lists, binary and graded, the comparison of two runs, and the list's CSV and text forms.
 */

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} is not ${expected}`);

describe('recall@10 and nDCG@10', () => {
  it('give 1 and 1 when the expected pages come first, in grade order', () => {
    assert.deepEqual(scoreResults([1, 1, 0], [1, 1]), { recall: 1, ndcg: 1 });
    assert.deepEqual(scoreResults([3, 1], [1, 3]), { recall: 1, ndcg: 1 });
  });

  it('discount a page by its position: the one expected page third scores 1 / log2(4) = 0.5', () => {
    const { recall, ndcg } = scoreResults([0, 0, 1], [1]);
    assert.equal(recall, 1);
    close(ndcg, 0.5);
  });

  it('binary: expected a and b, found a, x, b: DCG 1 + 1/2 over the ideal 1 + 1/log2(3)', () => {
    const { recall, ndcg } = scoreResults([1, 0, 1], [1, 1]);
    assert.equal(recall, 1);
    close(ndcg, 1.5 / (1 + 1 / Math.log2(3)));
    close(ndcg, 0.9197207891481876);
  });

  it('graded: a (3) and b (1) found as b, a: gains 2^g − 1, so (1 + 7/log2(3)) / (7 + 1/log2(3))', () => {
    const { ndcg } = scoreResults([1, 3], [3, 1]);
    close(ndcg, 0.7098097413968655);
  });

  it('count only the first ten: an expected page at 11 is not found', () => {
    const positions = [...new Array<number>(CUTOFF).fill(0), 1];
    assert.deepEqual(scoreResults(positions, [1]), { recall: 0, ndcg: 0 });
  });

  it('give half the recall when one of two expected pages is found', () => {
    const { recall, ndcg } = scoreResults([1], [1, 1]);
    assert.equal(recall, 0.5);
    close(ndcg, 1 / (1 + 1 / Math.log2(3)));
  });

  it('refuse a test without expected pages rather than divide by nothing', () => {
    assert.throws(() => scoreResults([0], []), RangeError);
  });
});

const test = (id: string, query: string, ...expected: string[]): StoredTest => ({
  id,
  query,
  expected: expected.map((document) => ({ document, grade: 1 })),
});

describe('a run', () => {
  it('searches every test and finds expected pages by id, by URL, or by the path of their URL', async () => {
    const tests = [
      test('rt-1', 'rates', 'page-rates'),
      test('rt-2', 'bins', '/services/bins'),
      test('rt-3', 'dogs', 'https://council.example/dogs'),
    ];
    const pages: Record<string, { id: string; url?: string }[]> = {
      rates: [{ id: 'other' }, { id: 'page-rates' }],
      bins: [{ id: 'p-9', url: 'https://council.example/services/bins' }],
      dogs: [{ id: 'p-3', url: 'https://council.example/dogs' }],
    };
    const searched: string[] = [];
    const run = await runTests(tests, async (query) => (searched.push(query), pages[query]!), {
      at: new Date('2026-11-28T10:00:00Z'),
      source: 'api',
      against: 'saved',
    });
    assert.deepEqual(searched.sort(), ['bins', 'dogs', 'rates']);
    assert.deepEqual(
      run.tests.map((outcome) => [outcome.query, outcome.positions]),
      [
        ['rates', [2]],
        ['bins', [1]],
        ['dogs', [1]],
      ],
    );
    close(run.ndcg, (1 / Math.log2(3) + 1 + 1) / 3);
    assert.equal(run.recall, 1);
    assert.equal(run.at, '2026-11-28T10:00:00.000Z');
  });
});

describe('comparing two runs', () => {
  const run = (
    scores: Record<string, number>,
    tests = Object.keys(scores).map((query) => test(`rt-${query}`, query, `page-${query}`)),
  ): RelevanceRun => ({
    at: '2026-11-28T10:00:00.000Z',
    source: 'api',
    against: 'saved',
    recall: 0,
    ndcg: 0,
    tests: tests.map((one) => ({
      id: one.id,
      query: one.query,
      expected: one.expected,
      positions: [1],
      recall: scores[one.query]! > 0 ? 1 : 0,
      ndcg: scores[one.query]!,
    })),
  });

  it('names the tests that got better and worse, and means over the tests both ran', () => {
    const comparison = compareRuns(run({ rates: 1, bins: 0.5, dogs: 1 }), run({ rates: 0.5, bins: 1, dogs: 1 }));
    assert.deepEqual(
      comparison.worse.map((change) => change.query),
      ['rates'],
    );
    assert.deepEqual(
      comparison.better.map((change) => change.query),
      ['bins'],
    );
    assert.equal(comparison.unchanged, 1);
    close(comparison.before.ndcg, 2.5 / 3);
    close(comparison.after.ndcg, 2.5 / 3);
    assert.equal(isWorse(comparison), false, 'a trade with the same mean is not worse');
    assert.equal(isWorse(compareRuns(run({ rates: 1, bins: 1 }), run({ rates: 1, bins: 0.5 }))), true);
  });

  it('leaves out a test edited between the runs, or only in one of them', () => {
    const before = run({ rates: 1, bins: 1 });
    const edited = run({ rates: 0.2, bins: 1, dogs: 0 }, [
      test('rt-rates', 'rates', 'another-page'),
      test('rt-bins', 'bins', 'page-bins'),
      test('rt-dogs', 'dogs', 'page-dogs'),
    ]);
    const comparison = compareRuns(before, edited);
    assert.deepEqual(comparison.worse, []);
    assert.equal(comparison.unchanged, 1);
    assert.equal(comparison.notCompared, 2, 'rates edited, dogs new');
    assert.equal(isWorse(comparison), false);
  });
});

describe('a test as the API and the console take it', () => {
  it('takes ids, URLs and graded entries, and names each problem', () => {
    assert.deepEqual(checkedTest({ query: ' pay rates ', expected: ['page-rates', { document: '/rates', grade: 3 }, 42] }).value, {
      query: 'pay rates',
      expected: [
        { document: 'page-rates', grade: 1 },
        { document: '/rates', grade: 3 },
        { document: '42', grade: 1 },
      ],
    });
    const { problems } = checkedTest({ query: '', expected: ['a', 'a', { document: 'b', grade: 4 }], extra: 1 });
    assert.deepEqual(problems, [
      'extra is not a field of a relevance test',
      'query must be text with at least one word and at most 128 characters',
      'expected[1]: a is listed twice',
      'expected[2].grade must be a whole number from 1 to 3',
    ]);
    assert.match(
      checkedTest({ query: 'x', expected: Array.from({ length: 11 }, (_, index) => `p${index}`) }).problems[0]!,
      /at most 10 documents/,
    );
  });

  it('reads the text box one page a line with an optional grade, and writes it back the same', () => {
    const { problems, expected } = parseExpectedLines('/services/rates 3\r\n\n page-fees \n');
    assert.deepEqual(problems, []);
    assert.deepEqual(expected, [
      { document: '/services/rates', grade: 3 },
      { document: 'page-fees', grade: 1 },
    ]);
    assert.equal(expectedLines(expected), '/services/rates 3\npage-fees');
    assert.deepEqual(parseExpectedLines('a 9\nb c d').problems, [
      'Line 1: write a document id or URL, then optionally a grade from 1 to 3 after a space',
      'Line 2: write a document id or URL, then optionally a grade from 1 to 3 after a space',
    ]);
  });
});

describe('the CSV form of a test list', () => {
  it('round-trips, quoting commas and quotes, and groups rows by query', () => {
    const tests = [
      {
        query: 'rates, "due"',
        expected: [
          { document: 'page-rates', grade: 3 },
          { document: '/rates', grade: 1 },
        ],
      },
      { query: 'bins', expected: [{ document: 'page-bins', grade: 1 }] },
    ];
    const csv = testsToCsv(tests);
    assert.equal(csv.split('\r\n')[0], 'query,document,grade');
    assert.match(csv, /^"rates, ""due""",page-rates,3\r$/m);
    assert.deepEqual(testsFromCsv(csv), { problems: [], tests });
  });

  it("reads Quepid's layout without a header, grades left empty as 1, and a spreadsheet's byte order mark", () => {
    const { problems, tests } = testsFromCsv('\uFEFFBins,page-bins,\nbins,page-days,2\nrates,page-rates\n');
    assert.deepEqual(problems, []);
    assert.deepEqual(tests, [
      {
        query: 'Bins',
        expected: [
          { document: 'page-bins', grade: 1 },
          { document: 'page-days', grade: 2 },
        ],
      },
      { query: 'rates', expected: [{ document: 'page-rates', grade: 1 }] },
    ]);
    assert.deepEqual(testsFromCsv('query,docid,rating\nx,y,1\n').tests, [{ query: 'x', expected: [{ document: 'y', grade: 1 }] }]);
  });

  it('keeps a cell a spreadsheet would run as a formula as text, and reads it back unchanged', () => {
    const tests = [{ query: '=HYPERLINK("http://evil")', expected: [{ document: '@page', grade: 1 }] }];
    const csv = testsToCsv(tests);
    assert.match(csv, /^"'=HYPERLINK\(""http:\/\/evil""\)",'@page,1\r$/m);
    assert.deepEqual(testsFromCsv(csv).tests, tests);
  });

  it('refuses a file with any bad row whole, naming each row', () => {
    const { problems, tests } = testsFromCsv('query,document,grade\nrates,page-rates,5\n,page-x,1\nbins,a,1,extra\n');
    assert.deepEqual(tests, []);
    assert.deepEqual(problems, [
      'Row 3: needs a query and a document id or URL',
      'Row 4: expected three columns (query, document, grade), found 4',
      'Row 2 (query "rates"): expected[0].grade must be a whole number from 1 to 3',
    ]);
    assert.deepEqual(testsFromCsv('a,"unclosed\n').tests, []);
    assert.match(testsFromCsv('a,"unclosed\n').problems[0]!, /not CSV that can be read/);
    assert.match(testsFromCsv('\n').problems[0]!, /no tests/);
  });
});
