import { isWorse, type Comparison, type RelevanceRun } from '../relevance-tests';

/** What the service answers to a run with the saved settings. */
export interface RunAnswer {
  run: RelevanceRun;
  recorded: boolean;
  previous?: Omit<RelevanceRun, 'tests'>;
  comparison?: Comparison;
}

const score = (value: number) => value.toFixed(3);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Why a run fails: worse than the last run kept, or under a threshold. Empty when it passes. */
export function failures(answer: RunAnswer, thresholds: { minNdcg?: number; minRecall?: number }): string[] {
  const reasons: string[] = [];
  const { run, comparison } = answer;
  if (comparison && isWorse(comparison)) {
    reasons.push(
      `worse than the last run kept: nDCG@10 ${score(comparison.before.ndcg)} → ${score(comparison.after.ndcg)}, ` +
        `recall@10 ${score(comparison.before.recall)} → ${score(comparison.after.recall)} over the ${comparison.better.length + comparison.worse.length + comparison.unchanged} tests both ran`,
    );
  }
  if (thresholds.minNdcg !== undefined && run.ndcg < thresholds.minNdcg)
    reasons.push(`nDCG@10 ${score(run.ndcg)} is under --min-ndcg ${thresholds.minNdcg}`);
  if (thresholds.minRecall !== undefined && run.recall < thresholds.minRecall) {
    reasons.push(`recall@10 ${score(run.recall)} is under --min-recall ${thresholds.minRecall}`);
  }
  return reasons;
}

/** The run as a table a person reads in a CI log: one row a test, the means, what changed since the last run kept. */
export function formatRun(answer: RunAnswer, heading: string): string {
  const { run, comparison, previous } = answer;
  const changeOf = (id: string) => {
    const change = [...(comparison?.better ?? []), ...(comparison?.worse ?? [])].find((moved) => moved.id === id);
    return change ? signed(change.after.ndcg - change.before.ndcg) : '';
  };
  const rows = run.tests.map((test) => [test.query, score(test.recall), score(test.ndcg), changeOf(test.id)]);
  const header = ['Query', 'Recall@10', 'nDCG@10', 'Change'];
  const footer = [`Mean of ${run.tests.length} tests`, score(run.recall), score(run.ndcg), ''];
  const widths = header.map((_, column) => Math.max(...[header, ...rows, footer].map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  const lines = [heading, '', line(header), ...rows.map(line), line(footer)];
  if (previous && comparison) {
    lines.push(
      '',
      `Last run kept: ${when(previous.at)} (${previous.source}), nDCG@10 ${score(previous.ndcg)}, recall@10 ${score(previous.recall)}.`,
    );
    for (const [label, list] of [
      ['Worse', comparison.worse],
      ['Better', comparison.better],
    ] as const) {
      for (const change of list)
        lines.push(`${label}: "${change.query}" nDCG@10 ${score(change.before.ndcg)} → ${score(change.after.ndcg)}`);
    }
    if (comparison.notCompared > 0) lines.push(`${comparison.notCompared} tests were new, removed or edited since, and are not compared.`);
  } else lines.push('', 'No run kept before this one: nothing to compare with.');
  return lines.join('\n');
}
