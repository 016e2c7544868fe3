export interface ParsedFilterInput {
  input: HTMLInputElement | null;
  /** The search button: disabled while the input is empty. */
  button: HTMLButtonElement | HTMLInputElement | null;
}

/** Reads `<filter-input>` markup: its first text or search input, and the first submit button after it. */
export function parseFilterInput(nodes: readonly Node[]): ParsedFilterInput {
  let input: HTMLInputElement | null = null;
  let button: HTMLButtonElement | HTMLInputElement | null = null;
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    const candidates = [node, ...node.querySelectorAll('input, button')];
    for (const candidate of candidates) {
      if (!input && candidate instanceof HTMLInputElement && ['search', 'text'].includes(candidate.type)) input = candidate;
      else if (
        input &&
        !button &&
        (candidate instanceof HTMLButtonElement || (candidate instanceof HTMLInputElement && candidate.type === 'submit'))
      ) {
        button = candidate;
      }
    }
  }
  return { input, button };
}
