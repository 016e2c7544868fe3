export interface FailureTexts {
  title: string;
  text: string;
  tryAgain: string;
}

export interface Failure {
  /** Heading level of the block: the same as the step that failed. */
  headingLevel: number;
  /** What the server said: sanitised nodes of an HTML body, or plain text. */
  body: Node[] | string;
}

/**
 * The next-step area after a failed step: an alert with a heading (focused by the caller), the server's own
 * words, and a "Try again" button. Built from DOM nodes and text: nothing from the server is parsed here.
 */
export function buildFailureBlock(failure: Failure, texts: FailureTexts, onTryAgain: () => void): HTMLElement {
  const block = document.createElement('div');
  block.className = 'decision-tree__step decision-tree__failure';
  block.setAttribute('data-failure', '');

  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  const heading = document.createElement(`h${Math.min(6, Math.max(2, failure.headingLevel))}`);
  heading.className = 'decision-tree__failure-title';
  heading.textContent = texts.title;
  const text = document.createElement('p');
  text.textContent = texts.text;
  alert.append(heading, text);
  block.append(alert);

  const hasBody = typeof failure.body === 'string' ? failure.body.trim() !== '' : failure.body.length > 0;
  if (hasBody) {
    const body = document.createElement('div');
    body.className = 'decision-tree__failure-body';
    if (typeof failure.body === 'string') {
      body.classList.add('decision-tree__failure-body--text');
      body.textContent = failure.body.trim();
    } else {
      body.append(...failure.body);
    }
    block.append(body);
  }

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'decision-tree__try-again';
  button.textContent = texts.tryAgain;
  button.addEventListener('click', onTryAgain);
  block.append(button);
  return block;
}

/** The level (1 to 6) of a step's first heading; 2 when it has none. */
export function headingLevelOf(step: Element): number {
  const heading = step.querySelector('h1, h2, h3, h4, h5, h6');
  return heading ? Number(heading.localName.slice(1)) : 2;
}
