import { parseStepResponseText, stepRequest, type StepRequest, type StepResponse } from '../../core/decision-tree';

/**
 * The request a step form makes when submitted (its own action and method, serialised with the pressed
 * button), or `null` when it must be left to the browser (another origin, or a method such as `dialog`).
 * Attributes are read, not the form's properties: a field named "action" or "method" would shadow those.
 */
export function readStepRequest(form: HTMLFormElement, submitter: HTMLElement | null): StepRequest | null {
  const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
  const action = button?.getAttribute('formaction') ?? form.getAttribute('action') ?? '';
  const method = button?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get';
  const fields: Array<[string, string]> = [];
  for (const [name, value] of new FormData(form, button)) if (typeof value === 'string') fields.push([name, value]);
  return stepRequest(new URL(action || document.URL, document.baseURI).href, method, fields, location.href);
}

export type StepOutcome =
  | { ok: true; response: StepResponse }
  /** The server answered with an error, or something other than a step: its body is shown to the visitor. */
  | { ok: false; status: number | null; body: string; contentType: string; problem: string };

/** Fetches a step as JSON. Never rejects, except with an AbortError when the request is cancelled. */
export async function fetchStep(request: StepRequest, signal: AbortSignal): Promise<StepOutcome> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: {
        Accept: 'application/json',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' }),
      },
      body: request.body,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, status: null, body: '', contentType: '', problem: 'The request did not reach the server.' };
  }
  const body = await response.text().catch(() => '');
  if (signal.aborted) throw new DOMException('The step was replaced by another answer.', 'AbortError');
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok) return { ok: false, status: response.status, body, contentType, problem: `The server answered ${response.status}.` };
  const parsed = parseStepResponseText(body);
  if (!parsed.ok) return { ok: false, status: response.status, body, contentType, problem: parsed.problem };
  return { ok: true, response: parsed.response };
}
