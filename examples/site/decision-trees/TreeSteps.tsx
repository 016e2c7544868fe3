/** @jsxImportSource hono/jsx */
import type { DecisionTreeData, TreeOutcome, TreeQuestion } from './tree-types';
import { stepId, type Answer } from './walk-tree';

interface QuestionStepProps {
  tree: DecisionTreeData;
  question: TreeQuestion;
  /** The answers before this question: sent again with this one, as hidden fields. */
  earlier: readonly Answer[];
  /** The option chosen before (an answered step). */
  answer?: string;
  /** The question was sent without an answer. */
  error?: boolean;
}

/** The id of an option's radio: the first is the question's id, so error links can point at it (GOV.UK). */
export const optionId = (question: TreeQuestion, index: number) => (index === 0 ? question.id : `${question.id}-${index + 1}`);

/** A question: its own form, posted to the tree's address; answering it again replaces every step after it. */
export function QuestionStep({ tree, question, earlier, answer, error = false }: QuestionStepProps) {
  const hintId = `${question.id}-hint`;
  const errorId = `${question.id}-error`;
  const describedBy = [question.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="decision-tree__step" id={stepId(question.id)}>
      <form action={`/decision-trees/${tree.slug}`} method="post">
        {earlier.map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="question" value={question.id} />
        <fieldset class="decision-tree__fieldset" aria-describedby={describedBy}>
          <legend class="decision-tree__legend">
            <h2 class="decision-tree__question">{question.question}</h2>
          </legend>
          {question.hint && (
            <p class="decision-tree__hint" id={hintId}>
              {question.hint}
            </p>
          )}
          {error && (
            <p class="decision-tree__error" id={errorId}>
              <span class="civic-visually-hidden">Error:</span> {question.errorMessage}
            </p>
          )}
          <div class="decision-tree__options">
            {question.options.map((option, index) => (
              <div class="decision-tree__option">
                <input
                  type="radio"
                  id={optionId(question, index)}
                  name={question.id}
                  value={option.value}
                  checked={option.value === answer}
                  required
                />
                <label for={optionId(question, index)}>{option.label}</label>
              </div>
            ))}
          </div>
        </fieldset>
        <button class="decision-tree__button" type="submit">
          Continue
        </button>
      </form>
    </div>
  );
}

/** Where the answers lead. */
export function OutcomeStep({ outcome }: { outcome: TreeOutcome }) {
  return (
    <div class="decision-tree__step decision-tree__outcome" id={stepId(outcome.id)}>
      <h2>{outcome.title}</h2>
      {outcome.paragraphs.map((text) => (
        <p>{text}</p>
      ))}
      {outcome.links && (
        <ul>
          {outcome.links.map((link) => (
            <li>
              <a href={link.href}>{link.text}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
