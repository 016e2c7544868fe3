import type { DecisionTreeData, TreeOutcome, TreeQuestion } from './tree-types';

export type Answer = readonly [question: string, value: string];

export interface AnsweredQuestion {
  question: TreeQuestion;
  answer: string;
  /** The answers before this one, carried by its form as hidden fields. */
  earlier: Answer[];
}

export interface TreeWalk {
  answered: AnsweredQuestion[];
  /** Where the walk stopped: the first question without a valid answer, or the outcome reached. */
  current: TreeQuestion | TreeOutcome;
  /** The answers that lead to `current`. */
  earlier: Answer[];
}

/**
 * Follows the answers (question id to chosen value) from the start of the tree. Answers that are not on the
 * path, or not one of a question's options, are ignored: the walk stops at the first question without a valid
 * answer. A tree that loops stops at the first question seen twice.
 */
export function walkTree(tree: DecisionTreeData, answers: ReadonlyMap<string, string> | URLSearchParams): TreeWalk {
  const answered: AnsweredQuestion[] = [];
  const earlier: Answer[] = [];
  const seen = new Set<string>();
  let node = tree.nodes[tree.start];
  while (node && node.kind === 'question' && !seen.has(node.id)) {
    seen.add(node.id);
    const value = answers.get(node.id);
    const option = node.options.find((candidate) => candidate.value === value);
    if (!option || value == null) break;
    answered.push({ question: node, answer: value, earlier: [...earlier] });
    earlier.push([node.id, value]);
    const next = tree.nodes[option.next];
    if (!next) throw new Error(`Decision tree "${tree.slug}": option "${option.value}" of "${node.id}" leads to unknown "${option.next}".`);
    node = next;
  }
  return { answered, current: node, earlier };
}

/** The address of a walk: the tree's page with the answers so far, and the current step's anchor. */
export function walkUrl(tree: DecisionTreeData, walk: TreeWalk): string {
  const query = new URLSearchParams(walk.earlier.map(([name, value]) => [name, value])).toString();
  return `/decision-trees/${tree.slug}${query ? `?${query}` : ''}#${stepId(walk.current.id)}`;
}

export const stepId = (nodeId: string) => `step-${nodeId}`;

/** Every node is reachable and every option leads somewhere: a check for the example's data. */
export function treeProblems(tree: DecisionTreeData): string[] {
  const problems: string[] = [];
  const reached = new Set<string>([tree.start]);
  for (const node of Object.values(tree.nodes)) {
    if (node.kind !== 'question') continue;
    for (const option of node.options) {
      if (!tree.nodes[option.next]) problems.push(`${node.id}: "${option.value}" leads to unknown "${option.next}"`);
      reached.add(option.next);
    }
  }
  for (const id of Object.keys(tree.nodes)) if (!reached.has(id)) problems.push(`${id} cannot be reached`);
  if (!tree.nodes[tree.start]) problems.push(`the start "${tree.start}" does not exist`);
  return problems;
}
