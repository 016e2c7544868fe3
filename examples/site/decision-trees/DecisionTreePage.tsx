/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import type { DecisionTreeData, TreeQuestion } from './tree-types';
import { OutcomeStep, QuestionStep, optionId } from './TreeSteps';
import type { TreeWalk } from './walk-tree';

interface DecisionTreePageProps {
  tree: DecisionTreeData;
  walk: TreeWalk;
  /** The current question was sent without an answer (a post without JavaScript). */
  unanswered?: TreeQuestion;
}

/**
 * A decision tree as a full page: every answered step (its answer chosen, so it can be changed), then the
 * current question or the outcome, and a restart link. Without JavaScript each answer posts and comes back here.
 */
export function DecisionTreePage({ tree, walk, unanswered }: DecisionTreePageProps) {
  const path = `/decision-trees/${tree.slug}`;
  const current = walk.current;
  return (
    <Layout title={unanswered ? `Error: ${tree.title}` : tree.title} path={path} elements={['decision-tree']} description={tree.summary}>
      <Breadcrumbs trail={tree.breadcrumbs} />
      <h1>{tree.title}</h1>
      <p class="lead">{tree.intro}</p>
      {unanswered && (
        <div class="decision-tree__summary" role="alert">
          <h2 class="decision-tree__summary-title">There is a problem</h2>
          <ul class="decision-tree__summary-list">
            <li>
              <a href={`#${optionId(unanswered, 0)}`}>{unanswered.errorMessage}</a>
            </li>
          </ul>
        </div>
      )}
      <decision-tree id={`tree-${tree.slug}`}>
        <div data-steps>
          {walk.answered.map((step) => (
            <QuestionStep tree={tree} question={step.question} earlier={step.earlier} answer={step.answer} />
          ))}
          {current.kind === 'question' ? (
            <QuestionStep tree={tree} question={current} earlier={walk.earlier} error={unanswered === current} />
          ) : (
            <OutcomeStep outcome={current} />
          )}
        </div>
        <p class="decision-tree__restart">
          <a href={path} data-restart>
            Start again
          </a>
        </p>
      </decision-tree>
    </Layout>
  );
}
