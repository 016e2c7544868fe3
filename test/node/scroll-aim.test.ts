import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { aimedScrollTop, cssOffset, movedByOthers } from '../../src/core/scroll-aim';

describe('aimedScrollTop', () => {
  it('puts the element’s top the offset below the window’s top', () => {
    // Scrolled to 1000, the heading 600 px down the window, 16 px of scroll padding: scroll to 1584.
    assert.equal(aimedScrollTop(1000, 600, 16, 10_000), 1584);
    // A heading above the window (negative top) is scrolled back to.
    assert.equal(aimedScrollTop(3000, -232, 16, 10_000), 2752);
  });

  it('stays within what the page can scroll to, in whole pixels', () => {
    assert.equal(aimedScrollTop(0, 5, 16, 10_000), 0);
    assert.equal(aimedScrollTop(900, 400, 0, 1000), 1000);
    assert.equal(aimedScrollTop(0, 100.6, 0, 1000), 101);
    assert.equal(aimedScrollTop(0, 100, 0, -50), 0);
  });

  it('always lands within [0, max]', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1e6 }),
        (scroll, top, offset, max) => {
          const result = aimedScrollTop(scroll, top, offset, max);
          assert.ok(result >= 0 && result <= max && Number.isInteger(result));
        },
      ),
    );
  });
});

describe('cssOffset', () => {
  it('reads pixels and percentages of the window’s height; anything else is 0', () => {
    assert.equal(cssOffset('16px', 900), 16);
    assert.equal(cssOffset(' 0.5px ', 900), 0.5);
    assert.equal(cssOffset('10%', 900), 90);
    assert.equal(cssOffset('auto', 900), 0);
    assert.equal(cssOffset('', 900), 0);
    assert.equal(cssOffset('calc(1rem + 2px)', 900), 0);
  });
});

describe('movedByOthers', () => {
  it('is true only when the window is more than a pixel from where the aiming put it', () => {
    assert.equal(movedByOthers(1584, 1584), false);
    assert.equal(movedByOthers(1584.5, 1584), false);
    assert.equal(movedByOthers(1200, 1584), true);
    assert.equal(movedByOthers(1200, undefined), false);
  });
});
