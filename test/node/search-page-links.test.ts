import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TOTAL_PAGES } from '../../src/core/constants';
import { pageLinks, type PageLink } from '../../src/core/search-page-links';

/** `‹3` previous, `[4]` current, `…` gap, `5›` next. */
const describeLinks = (links: PageLink[]) =>
  links
    .map((link) => {
      if (link.kind === 'gap') return '…';
      if (link.kind === 'previous') return `‹${link.page}`;
      if (link.kind === 'next') return `${link.page}›`;
      return link.current ? `[${link.page}]` : String(link.page);
    })
    .join(' ');

describe('pageLinks', () => {
  it('shows nothing for a single page or none', () => {
    assert.deepEqual(pageLinks(1, 1), []);
    assert.deepEqual(pageLinks(1, 0), []);
  });

  it('shows the first, the last and two either side of the current page, with gaps', () => {
    assert.equal(describeLinks(pageLinks(1, 3)), '[1] 2 3 2›');
    assert.equal(describeLinks(pageLinks(1, 10)), '[1] 2 3 … 10 2›');
    assert.equal(describeLinks(pageLinks(5, 10)), '‹4 1 … 3 4 [5] 6 7 … 10 6›');
    assert.equal(describeLinks(pageLinks(4, 10)), '‹3 1 2 3 [4] 5 6 … 10 5›');
    assert.equal(describeLinks(pageLinks(10, 10)), '‹9 1 … 8 9 [10]');
  });

  it('never links past the page cap, and treats a current page past the end as the last', () => {
    const links = pageLinks(1, 500);
    const last = links.filter((link) => link.kind === 'page').at(-1);
    assert.deepEqual(last, { kind: 'page', page: MAX_TOTAL_PAGES, current: false });
    assert.equal(describeLinks(pageLinks(250, 500)), `‹99 1 … 98 99 [100]`);
    assert.equal(describeLinks(pageLinks(0, 3)), '[1] 2 3 2›');
  });
});
