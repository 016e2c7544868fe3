import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JUMP_LINK_MIN_HEADINGS_EXCLUSIVE } from '../../src/core/constants';
import {
  countedHeadings,
  hasEnoughHeadings,
  normaliseText,
  planJumpLinks,
  slugify,
  uniqueId,
  type HeadingData,
} from '../../src/core/jump-links';

const heading = (text: string, id = '', ignored = false): HeadingData => ({ text, id, ignored });

describe('slugify', () => {
  it('makes lower-case, hyphenated ids from heading text', () => {
    assert.equal(slugify('How to apply'), 'how-to-apply');
    assert.equal(slugify('  Fees:   £120 & more!  '), 'fees-120-more');
  });

  it('drops apostrophes instead of splitting words', () => {
    assert.equal(slugify("What's new in 2024?"), 'whats-new-in-2024');
    assert.equal(slugify('Who’s eligible'), 'whos-eligible');
  });

  it('drops accents and keeps letters of any script', () => {
    assert.equal(slugify('Ffïoedd a thaliadau'), 'ffioedd-a-thaliadau');
    assert.equal(slugify('Crème brûlée'), 'creme-brulee');
    assert.equal(slugify('Ελληνικά κείμενο'), 'ελληνικα-κειμενο');
  });

  it('falls back to "section" when the text has no letters or digits', () => {
    assert.equal(slugify('***'), 'section');
    assert.equal(slugify(''), 'section');
  });

  it('shortens long text at a word boundary', () => {
    const slug = slugify('Applying for planning permission when your property is in a conservation area or a listed building');
    assert.ok(slug.length <= 60, slug);
    assert.equal(slug, 'applying-for-planning-permission-when-your-property-is-in-a');
  });
});

describe('uniqueId', () => {
  it('keeps a free id and numbers a taken one from 2', () => {
    assert.equal(uniqueId('fees', new Set()), 'fees');
    assert.equal(uniqueId('fees', new Set(['fees'])), 'fees-2');
    assert.equal(uniqueId('fees', new Set(['fees', 'fees-2', 'fees-3'])), 'fees-4');
  });
});

describe('which headings count', () => {
  it('skips ignored headings and headings without text', () => {
    const counted = countedHeadings([heading('One'), heading('Two', '', true), heading('   '), heading('Three')]);
    assert.deepEqual(
      counted.map((h) => h.text),
      ['One', 'Three'],
    );
  });

  it('needs more than JUMP_LINK_MIN_HEADINGS_EXCLUSIVE headings', () => {
    assert.equal(JUMP_LINK_MIN_HEADINGS_EXCLUSIVE, 2);
    assert.equal(hasEnoughHeadings(0), false);
    assert.equal(hasEnoughHeadings(2), false);
    assert.equal(hasEnoughHeadings(3), true);
  });

  it('collapses whitespace in link text', () => {
    assert.equal(normaliseText('\n  Fees\n   and  charges '), 'Fees and charges');
  });
});

describe('planJumpLinks', () => {
  it('builds nothing for two headings, and leaves them without ids', () => {
    assert.deepEqual(planJumpLinks([heading('One'), heading('Two')]), { build: false, links: [] });
  });

  it('does not count ignored headings towards the threshold', () => {
    const plan = planJumpLinks([heading('One'), heading('Two'), heading('Feedback', '', true)]);
    assert.equal(plan.build, false);
  });

  it('lists three headings in page order, keeping existing ids', () => {
    const plan = planJumpLinks([heading('Overview', 'overview'), heading('Fees', 'cost'), heading('How to apply')]);
    assert.equal(plan.build, true);
    assert.deepEqual(plan.links, [
      { index: 0, id: 'overview', text: 'Overview', generated: false },
      { index: 1, id: 'cost', text: 'Fees', generated: false },
      { index: 2, id: 'how-to-apply', text: 'How to apply', generated: true },
    ]);
  });

  it('points at the input positions, skipping ignored headings', () => {
    const plan = planJumpLinks([heading('A'), heading('Skip', '', true), heading('B'), heading('C')]);
    assert.deepEqual(
      plan.links.map((link) => link.index),
      [0, 2, 3],
    );
  });

  it('never reuses an id from the page or from another heading', () => {
    const plan = planJumpLinks([heading('Fees'), heading('Fees'), heading('Fees', 'fees-3'), heading('Contact')], ['fees', 'contact']);
    assert.deepEqual(
      plan.links.map((link) => link.id),
      ['fees-2', 'fees-4', 'fees-3', 'contact-2'],
    );
    assert.equal(new Set(plan.links.map((link) => link.id)).size, 4);
  });

  it('reserves existing heading ids before generating, whatever their order', () => {
    const plan = planJumpLinks([heading('Overview'), heading('Summary', 'overview'), heading('Next')]);
    assert.deepEqual(
      plan.links.map((link) => link.id),
      ['overview-2', 'overview', 'next'],
    );
  });

  it('gives the same ids when run again on its own result (stable across re-reads)', () => {
    const first = planJumpLinks([heading('One'), heading('Two'), heading('Two')]);
    const again = planJumpLinks(
      first.links.map((link) => heading(link.text, link.id)),
      first.links.map((link) => link.id),
    );
    assert.deepEqual(
      again.links.map((link) => link.id),
      ['one', 'two', 'two-2'],
    );
    assert.ok(again.links.every((link) => !link.generated));
  });
});
