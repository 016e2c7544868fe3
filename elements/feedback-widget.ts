import { FeedbackWidget, feedbackWidgetAttributes } from '../src/components/feedback/FeedbackWidget';
import { createCustomElement, defineOnce } from '../src/web-component';

export const FeedbackWidgetElement = createCustomElement('feedback-widget', FeedbackWidget, feedbackWidgetAttributes);

/** Registers `<feedback-widget>` (or another tag of your choosing). */
export const define = (tag = 'feedback-widget') => defineOnce(tag, FeedbackWidgetElement);
define();

declare global {
  interface HTMLElementTagNameMap {
    'feedback-widget': InstanceType<typeof FeedbackWidgetElement>;
  }
}
