/** Registers `<feedback-widget>`. The class alone, registering nothing, is in ./classes/feedback-widget. */
import { define } from './classes/feedback-widget';

export { FeedbackWidgetElement, define } from './classes/feedback-widget';

define();
