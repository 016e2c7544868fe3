/** What `<feedback-widget>` needs from its server markup. */
export interface ParsedFeedback {
  /** The server's "Is this page useful?" form; null when the markup has none. */
  form: HTMLFormElement | null;
}

/** Finds the first form among the server nodes (a child, or deeper down). */
export function parseFeedback(nodes: readonly Node[]): ParsedFeedback {
  for (const node of nodes) {
    if (node instanceof HTMLFormElement) return { form: node };
    if (node instanceof Element) {
      const form = node.querySelector('form');
      if (form) return { form };
    }
  }
  return { form: null };
}
