import { FeedbackWidget, feedbackWidgetAttributes } from '../../src/components/feedback/FeedbackWidget';
import { createCustomElement, defineOnce } from '../../src/web-component';

// The component declares the element's events: naming its module here keeps those declarations in the published
// types, so a page's `addEventListener` on this element is typed. Nothing is imported at run time.
export type {} from '../../src/components/feedback/FeedbackWidget';

/** The `<feedback-widget>` class. Importing this module registers nothing: call `define()`. */
export const FeedbackWidgetElement = /* @__PURE__ */ createCustomElement('feedback-widget', FeedbackWidget, feedbackWidgetAttributes);

/** Registers the element under `tag` (`<feedback-widget>` by default) unless that tag is taken; registers nothing else. */
export const define = (tag = 'feedback-widget') => defineOnce(tag, FeedbackWidgetElement);

declare global {
  interface HTMLElementTagNameMap {
    'feedback-widget': InstanceType<typeof FeedbackWidgetElement>;
  }
}
