import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiResult } from '../../src/core/search/app-search-api';
import { readSearchResultsConfig } from '../../src/core/search-results-config';
import { resultView, safeHref } from '../../src/core/search-result-view';

const config = readSearchResultsConfig(undefined).config;
const meta = { id: 'doc-7', engine: 'site', score: 3 };

describe('resultView', () => {
  it('reads the title, a safe link, the type, the date (dd/mm/yyyy) and the matching snippet', () => {
    const result: ApiResult = {
      _meta: meta,
      title: { raw: 'Rates rebate' },
      url: { raw: '/services/rates/rebate' },
      document_type: { raw: 'Guidance' },
      published_date: { raw: '2026-03-09' },
      body: { snippet: 'Apply for a <em>rebate</em> &amp; save' },
      summary: { raw: 'How to apply', snippet: 'How to apply' },
      topic: { raw: 'Rates and property' },
    };
    assert.deepEqual(resultView(result, config), {
      id: 'doc-7',
      title: 'Rates rebate',
      href: '/services/rates/rebate',
      type: 'Guidance',
      dateIso: '2026-03-09',
      date: '09/03/2026',
      meta: ['Rates and property'],
      description: [
        { text: 'Apply for a ', highlighted: false },
        { text: 'rebate', highlighted: true },
        { text: ' & save', highlighted: false },
      ],
    });
  });

  it('falls back to the summary’s snippet, then its text, without a match in the body', () => {
    const base = { _meta: meta, title: { raw: 'T' } };
    assert.deepEqual(resultView({ ...base, body: { snippet: 'no match' }, summary: { snippet: 'Summary text' } }, config).description, [
      { text: 'Summary text', highlighted: false },
    ]);
    assert.deepEqual(resultView({ ...base, summary: { raw: 'Plain <b>text</b>', snippet: null } }, config).description, [
      { text: 'Plain <b>text</b>', highlighted: false },
    ]);
    assert.deepEqual(resultView(base, config).description, []);
  });

  it('uses the id as the title when there is none, and leaves out links and dates it cannot trust', () => {
    const view = resultView({ _meta: meta, url: { raw: 'javascript:alert(1)' }, published_date: { raw: '2026-02-30' } }, config);
    assert.equal(view.title, 'doc-7');
    assert.equal(view.href, undefined);
    assert.equal(view.date, '');
    assert.equal(view.dateIso, '');
  });

  it('reads a full timestamp’s day and ignores fields inherited from prototypes', () => {
    const view = resultView({ _meta: meta, published_date: { raw: '2025-12-01T10:00:00Z' }, constructor: undefined as never }, config);
    assert.equal(view.date, '01/12/2025');
    assert.equal(resultView({ _meta: meta }, { ...config, titleField: 'constructor' }).title, 'doc-7');
  });
});

describe('safeHref', () => {
  it('allows site paths and http(s) addresses only', () => {
    assert.equal(safeHref('/contact'), '/contact');
    assert.equal(safeHref(' https://example.govt.nz/a?b=c '), 'https://example.govt.nz/a?b=c');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'data:text/html,x', 'mailto:a@b', '', 'contact']) {
      assert.equal(safeHref(bad), undefined, bad);
    }
  });
});
