/** The fields the widget sends, read from the form and the button that submitted it. */
export interface FeedbackFields {
  useful: string;
  page: string;
  /** Everything the form holds (hidden fields included), form-encoded. */
  body: URLSearchParams;
}

/** Reads the form as the browser would post it, with the pressed button's `useful` value. */
export function readFeedbackForm(form: HTMLFormElement, submitter: HTMLElement | null): FeedbackFields {
  const data = new FormData(form, submitter);
  const body = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === 'string') body.append(name, value);
  // The server needs the page; a form without the hidden field is about the page it is on.
  if (!body.has('page')) body.set('page', location.pathname + location.search);
  return { useful: body.get('useful') ?? '', page: body.get('page') ?? '', body };
}

/** POSTs the fields to the form's action and resolves whether the server accepted them. Never rejects. */
export async function sendFeedback(form: HTMLFormElement, fields: FeedbackFields, signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: fields.body,
      credentials: 'same-origin',
      signal,
    });
    return response.ok;
  } catch {
    return false;
  }
}
