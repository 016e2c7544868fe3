/** @jsxImportSource hono/jsx */
import type { Comparison } from '../../relevance-tests';
import { Layout } from '../pages';
import { EngineNav, enginePath } from './engine-nav';
import { ErrorSummary, invalidIf, type Problem } from './form-parts';
import { DraftVerdict } from './relevance-tests-pages';
import { PREVIEW_QUERIES_MAX, rowsToShow, type BoostRow, type TuningForm } from './tuning-form';

/** One result as the preview lists it. */
export interface PreviewItem {
  id: string;
  title: string;
}

/** A query's first results as they are now and as the draft would make them. */
export interface QueryPreview {
  query: string;
  now: PreviewItem[];
  draft: PreviewItem[];
  problem?: string;
}

export interface TuningPageProps {
  engine: string;
  csrfToken: string;
  form: TuningForm;
  /** The engine's fields and their types (text fields take weights; boosts name any field). */
  fieldTypes: Readonly<Record<string, string>>;
  previews: QueryPreview[];
  /** The relevance tests run with the draft, beside the saved settings (absent: the engine has no tests). */
  verdict?: Comparison;
  /** The draft makes tests worse and the manager asked to save: the page asks again before it does. */
  confirmSave?: boolean;
  problems?: Problem[];
  notice?: string;
}

const TYPE_LABELS = { value: 'Value', functional: 'Functional', proximity: 'Proximity' } as const;
const FUNCTIONS = ['linear', 'exponential', 'logarithmic', 'gaussian'] as const;

function Select({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly [string, string][];
}) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name}>
        {options.map(([optionValue, text]) => (
          <option value={optionValue} selected={optionValue === value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function BoostFields({ row, index, fields, isNew }: { row: BoostRow; index: number; fields: readonly string[]; isNew: boolean }) {
  const id = (part: string) => `boost-${index}-${part}`;
  const name = (part: string) => `boost.${index}.${part}`;
  return (
    <fieldset class="boost">
      <legend>{isNew ? 'Add a boost' : `Boost ${index + 1}: ${row.field}`}</legend>
      <div class="field-row">
        <Select
          id={id('field')}
          name={name('field')}
          label="Field"
          value={row.field}
          options={[
            ...(isNew ? ([['', '(choose a field)']] as [string, string][]) : []),
            ...fields.map((field): [string, string] => [field, field]),
          ]}
        />
        <Select id={id('type')} name={name('type')} label="Kind" value={row.type} options={Object.entries(TYPE_LABELS)} />
        <div>
          <label htmlFor={id('value')}>Values (value boosts)</label>
          <input id={id('value')} name={name('value')} type="text" value={row.value} />
        </div>
        <Select
          id={id('function')}
          name={name('function')}
          label="Function"
          value={row.function}
          options={[['', '(none)'], ...FUNCTIONS.map((fn): [string, string] => [fn, fn])]}
        />
        <div>
          <label htmlFor={id('center')}>Centre (proximity)</label>
          <input id={id('center')} name={name('center')} type="text" value={row.center} />
        </div>
        <Select
          id={id('operation')}
          name={name('operation')}
          label="Operation"
          value={row.operation}
          options={[
            ['', 'add (default)'],
            ['add', 'add'],
            ['multiply', 'multiply'],
          ]}
        />
        <div>
          <label htmlFor={id('factor')}>Factor (0 to 10)</label>
          <input id={id('factor')} name={name('factor')} type="text" inputmode="decimal" value={row.factor} />
        </div>
      </div>
      {!isNew && (
        <div class="choice">
          <input id={id('remove')} name={name('remove')} type="checkbox" value="yes" />
          <label htmlFor={id('remove')}>Remove this boost</label>
        </div>
      )}
    </fieldset>
  );
}

/** Where a result moved to in the draft, in words. */
function movement(item: PreviewItem, index: number, now: readonly PreviewItem[]): string {
  const before = now.findIndex((other) => other.id === item.id);
  if (before === -1) return ' (new in the first 10)';
  if (before === index) return '';
  return before > index ? ` (up ${before - index})` : ` (down ${index - before})`;
}

function Preview({ preview, index }: { preview: QueryPreview; index: number }) {
  const headingId = `preview-${index}`;
  return (
    <section aria-labelledby={headingId} class="preview">
      <h3 id={headingId}>“{preview.query}”</h3>
      {preview.problem ? (
        <p>{preview.problem}</p>
      ) : (
        <div class="columns">
          <div>
            <h4>Now</h4>
            {preview.now.length === 0 ? (
              <p>No results.</p>
            ) : (
              <ol aria-label={`“${preview.query}” now`}>
                {preview.now.map((item) => (
                  <li>
                    {item.title} <span class="hint">({item.id})</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div>
            <h4>With the draft</h4>
            {preview.draft.length === 0 ? (
              <p>No results.</p>
            ) : (
              <ol aria-label={`“${preview.query}” with the draft`}>
                {preview.draft.map((item, position) => (
                  <li>
                    {item.title} <span class="hint">({item.id})</span>
                    {movement(item, position, preview.now)}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/** Field weights and boosts as a form, a preview of a few queries side by side, and the relevance tests as a guard. */
export function TuningPage(props: TuningPageProps) {
  const { engine, csrfToken, form, fieldTypes, previews, verdict, confirmSave, notice } = props;
  const problems = props.problems ?? [];
  const fields = Object.keys(fieldTypes);
  const rows = rowsToShow(form);
  return (
    <Layout title={`${engine}: relevance tuning`} csrfToken={csrfToken}>
      <h1>{engine}: relevance tuning</h1>
      <EngineNav engine={engine} current="/tuning" />
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <ErrorSummary problems={problems} />
      {verdict && <DraftVerdict comparison={verdict} />}
      <p>
        Change how much each field counts and which values lift a page, then preview: the queries below show their results now and with your
        draft, and the <a href={enginePath(engine, '/relevance-tests')}>relevance tests</a> run with it. Nothing changes for visitors until
        you save.
      </p>
      <form method="post" action={enginePath(engine, '/tuning')} class="stacked-form">
        <input type="hidden" name="csrf" value={csrfToken} />
        <fieldset>
          <legend>Field weights</legend>
          <p class="hint" id="weights-hint">
            From 0 to 10: a higher weight makes words found in that field count more. Leave a field empty to leave it out of searches.
          </p>
          <div class="field-row">
            {Object.entries(form.weights).map(([field, weight]) => (
              <div>
                <label htmlFor={`weight-${field}`}>{field}</label>
                <input
                  id={`weight-${field}`}
                  name={`weight.${field}`}
                  type="text"
                  inputmode="decimal"
                  size={4}
                  value={weight}
                  aria-describedby="weights-hint"
                  {...invalidIf(problems, `weight-${field}`)}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <h2>Boosts</h2>
        <p class="hint">
          Value: pages whose field has one of the values (separated by commas) score more. Functional: a number field lifts pages as it
          grows. Proximity: pages near a centre (a number, a date or “now”, a place as “lat, lon”) score more.
        </p>
        {rows.map((row, index) => (
          <BoostFields row={row} index={index} fields={fields} isNew={index === rows.length - 1} />
        ))}
        <label htmlFor="queries">Queries to preview</label>
        <p id="queries-hint" class="hint">
          One a line, up to {PREVIEW_QUERIES_MAX}. They start as the engine's top queries (or its test queries).
        </p>
        <textarea id="queries" name="queries" rows={PREVIEW_QUERIES_MAX} aria-describedby="queries-hint">
          {form.queries}
        </textarea>
        <div class="buttons">
          <button type="submit" name="action" value="preview">
            Preview the draft
          </button>
          {confirmSave ? (
            <button type="submit" name="action" value="save-anyway" class="danger">
              Save anyway, though tests get worse
            </button>
          ) : (
            <button type="submit" name="action" value="save">
              Save the settings
            </button>
          )}
        </div>
      </form>
      <h2>Results side by side</h2>
      {previews.length === 0 ? (
        <p>Enter a query to preview above.</p>
      ) : (
        previews.map((preview, index) => <Preview preview={preview} index={index} />)
      )}
    </Layout>
  );
}
