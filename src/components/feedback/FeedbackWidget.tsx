import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Adopt, dispatch, useMessages, useServerContent, type ElementProps } from '../../web-component';
import { isFloating } from '../../core/feedback-visibility';
import { parseFeedback } from './parse-feedback';
import { readFeedbackForm, sendFeedback } from './send-feedback';
import { useFeedbackVisibility } from './use-feedback-visibility';
import { usePlaceholderHeight } from './use-placeholder-height';
import { usePlaceReached } from './use-place-reached';
import { useFocusClearance } from './use-focus-clearance';

export const feedbackWidgetMessages = {
  thanks: 'Thank you for your feedback.',
  failure: 'Sorry, we could not send your feedback. Please try again.',
};

export const feedbackWidgetAttributes = { header: 'string', footer: 'string' } as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The visitor answered "Is this page useful?"; sent before the answer is posted. */
    'feedback-widget-submit': { useful: string; page: string };
  }
}

const ELEMENT = 'feedback-widget';

type SendState = 'idle' | 'sending' | 'sent' | 'failed';

interface FeedbackWidgetProps extends ElementProps {
  header?: string;
  footer?: string;
}

export function FeedbackWidget({ host, serverNodes, i18n, header, footer }: FeedbackWidgetProps) {
  const t = useMessages(feedbackWidgetMessages, i18n, ELEMENT);
  const { form } = useServerContent(serverNodes, parseFeedback);
  const { visible, atFooter } = useFeedbackVisibility(header || 'header', footer || 'footer', ELEMENT);
  // The bar floats until the footer, or its own place in the page, comes into view: then it sits in that place.
  const placeReached = usePlaceReached(host);
  const floating = isFloating({ visible, atFooter }) && !placeReached;
  const [sendState, setSendState] = useState<SendState>('idle');
  const bar = useRef<HTMLDivElement>(null);
  const message = useRef<HTMLDivElement>(null);

  usePlaceholderHeight(host, bar, floating);
  useFocusClearance(host, bar, floating);

  useLayoutEffect(() => {
    host.toggleAttribute('data-visible', visible);
    host.toggleAttribute('data-at-footer', atFooter);
    return () => {
      host.removeAttribute('data-visible');
      host.removeAttribute('data-at-footer');
    };
  }, [host, visible, atFooter]);

  useEffect(() => {
    if (!form) console.warn(`<${ELEMENT}>: no <form> found inside; answers cannot be sent from the page.`);
  }, [form]);

  // Listen before the first paint: an answer sent right after the upgrade must not fall through to a page load.
  useLayoutEffect(() => {
    if (!form) return;
    const inFlight = new AbortController();
    let sending = false;
    const onSubmit = async (event: SubmitEvent) => {
      event.preventDefault();
      // The form stays usable while sending; a second press meanwhile is not sent twice.
      if (sending) return;
      sending = true;
      const fields = readFeedbackForm(form, event.submitter);
      setSendState('sending');
      dispatch(host, 'feedback-widget-submit', { useful: fields.useful, page: fields.page });
      const accepted = await sendFeedback(form, fields, inFlight.signal);
      sending = false;
      if (!inFlight.signal.aborted) setSendState(accepted ? 'sent' : 'failed');
    };
    form.addEventListener('submit', onSubmit);
    return () => {
      form.removeEventListener('submit', onSubmit);
      inFlight.abort();
    };
  }, [form, host]);

  // Thanks replace the question: move focus there so it is not lost with the hidden buttons.
  useLayoutEffect(() => {
    if (sendState === 'sent') message.current?.focus();
  }, [sendState]);

  const text = sendState === 'sent' ? t.thanks : sendState === 'failed' ? t.failure : '';

  return (
    <div
      ref={bar}
      className={`feedback-widget__bar${floating ? ' feedback-widget__bar--floating' : ''}`}
      data-floating={floating ? '' : undefined}
      inert={!visible}
      style={visible ? undefined : { visibility: 'hidden' }}
    >
      <div className="feedback-widget__inner">
        <Adopt
          className="feedback-widget__question"
          nodes={serverNodes}
          hidden={sendState === 'sent'}
          aria-busy={sendState === 'sending' || undefined}
        />
        <div
          ref={message}
          className={`feedback-widget__message${sendState === 'failed' ? ' feedback-widget__message--error' : ''}`}
          role="status"
          tabIndex={-1}
        >
          {text}
        </div>
      </div>
    </div>
  );
}
