import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { feedbackVisibility, isFloating } from '../../src/core/feedback-visibility';

describe('feedbackVisibility', () => {
  it('is hidden at the top of the page and while the header is still (partly) in view', () => {
    assert.deepEqual(feedbackVisibility({ scrollY: 0, headerHeight: 120, footerInView: false }), { visible: false, atFooter: false });
    assert.deepEqual(feedbackVisibility({ scrollY: 119, headerHeight: 120, footerInView: false }), { visible: false, atFooter: false });
  });

  it('shows once scrolled past the header height, not when exactly at it', () => {
    assert.deepEqual(feedbackVisibility({ scrollY: 120, headerHeight: 120, footerInView: false }), { visible: false, atFooter: false });
    assert.deepEqual(feedbackVisibility({ scrollY: 121, headerHeight: 120, footerInView: false }), { visible: true, atFooter: false });
    assert.deepEqual(feedbackVisibility({ scrollY: 120.5, headerHeight: 120, footerInView: false }), { visible: true, atFooter: false });
  });

  it('is at the footer, and visible, whenever the footer is in view', () => {
    assert.deepEqual(feedbackVisibility({ scrollY: 2000, headerHeight: 120, footerInView: true }), { visible: true, atFooter: true });
    // A short page: the footer is in view before any scrolling.
    assert.deepEqual(feedbackVisibility({ scrollY: 0, headerHeight: 120, footerInView: true }), { visible: true, atFooter: true });
  });

  it('shows on any scroll when there is no header, and never for overscroll above the top', () => {
    assert.equal(feedbackVisibility({ scrollY: 1, headerHeight: 0, footerInView: false }).visible, true);
    assert.equal(feedbackVisibility({ scrollY: 0, headerHeight: 0, footerInView: false }).visible, false);
    assert.equal(feedbackVisibility({ scrollY: -40, headerHeight: 0, footerInView: false }).visible, false);
  });

  it('treats a measurement that is not a number as 0', () => {
    assert.equal(feedbackVisibility({ scrollY: 10, headerHeight: Number.NaN, footerInView: false }).visible, true);
    assert.equal(feedbackVisibility({ scrollY: Number.NaN, headerHeight: 100, footerInView: false }).visible, false);
  });
});

describe('isFloating', () => {
  it('floats only while visible and not at the footer', () => {
    assert.equal(isFloating({ visible: true, atFooter: false }), true);
    assert.equal(isFloating({ visible: true, atFooter: true }), false);
    assert.equal(isFloating({ visible: false, atFooter: false }), false);
  });
});
