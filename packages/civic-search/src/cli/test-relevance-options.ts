import { parseArgs } from 'node:util';
import { privateKeyOption } from './private-key-option';
import { UsageError } from './serve-options';

/** Every option of `civic-search test-relevance`, with its help text. */
export const TEST_RELEVANCE_OPTIONS = {
  service: {
    type: 'string',
    value: '<url>',
    help: 'The running civic-search service, e.g. https://search.example.govt.nz (or CIVIC_SEARCH_URL). Required.',
  },
  engine: { type: 'string', value: '<name>', help: 'The engine whose relevance tests to run. Required.' },
  'private-key-file': {
    type: 'string',
    value: '<file>',
    help: 'A file holding a private key that reads the engine (or set CIVIC_SEARCH_PRIVATE_KEY). A read-only key is enough.',
  },
  'private-key': {
    type: 'string',
    value: '<key>',
    help: 'The key on the command line: other users can read it in the process list. Avoid.',
  },
  'min-ndcg': { type: 'string', value: '<0..1>', help: 'Fail when the mean nDCG@10 is below this, e.g. 0.8.' },
  'min-recall': { type: 'string', value: '<0..1>', help: 'Fail when the mean recall@10 is below this, e.g. 0.9.' },
  'no-record': {
    type: 'boolean',
    value: '',
    help: "Do not keep this run in the engine's history (it is kept by default when it is not worse than the last).",
  },
  json: { type: 'boolean', value: '', help: "Print the service's answer as JSON instead of the table." },
  help: { type: 'boolean', value: '', help: 'This text.' },
} as const;

export interface TestRelevanceSettings {
  service: string;
  engine: string;
  privateKey: string;
  minNdcg?: number;
  minRecall?: number;
  record: boolean;
  json: boolean;
  warnings: string[];
}

function share(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !(value >= 0 && value <= 1))
    throw new UsageError(`--${flag} ${JSON.stringify(text)}: give a number from 0 to 1, e.g. 0.8.`);
  return value;
}

/** The settings of `civic-search test-relevance`, from its arguments and the environment. */
export async function readTestRelevanceSettings(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): Promise<TestRelevanceSettings> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: Object.fromEntries(Object.entries(TEST_RELEVANCE_OPTIONS).map(([name, option]) => [name, { type: option.type }])),
      allowPositionals: false,
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('. To specify')[0]}. See civic-search test-relevance --help.`);
  }
  const flag = (name: keyof typeof TEST_RELEVANCE_OPTIONS) => values[name] as string | undefined;
  const service = flag('service') ?? env.CIVIC_SEARCH_URL;
  if (!service) throw new UsageError('--service <url> is required: the running service whose engine to test (or set CIVIC_SEARCH_URL).');
  let origin: URL;
  try {
    origin = new URL(service);
    if (origin.protocol !== 'http:' && origin.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new UsageError(`--service ${JSON.stringify(service)}: give the service's http(s) URL, e.g. http://127.0.0.1:3002.`);
  }
  const engine = flag('engine');
  if (!engine) throw new UsageError('--engine <name> is required: the engine whose relevance tests to run.');
  const { key, warnings } = await privateKeyOption({ file: flag('private-key-file'), key: flag('private-key') }, env, cwd);
  if (!key) throw new UsageError('A private key that reads the engine is required: --private-key-file <file> or CIVIC_SEARCH_PRIVATE_KEY.');
  return {
    service: origin.href.replace(/\/+$/, ''),
    engine,
    privateKey: key,
    ...(flag('min-ndcg') !== undefined && { minNdcg: share(flag('min-ndcg'), 'min-ndcg') }),
    ...(flag('min-recall') !== undefined && { minRecall: share(flag('min-recall'), 'min-recall') }),
    record: values['no-record'] !== true,
    json: values.json === true,
    warnings,
  };
}

/** `civic-search test-relevance --help`. */
export function testRelevanceHelp(): string {
  const rows = Object.entries(TEST_RELEVANCE_OPTIONS).map(
    ([name, option]) => `  --${name}${option.value ? ` ${option.value}` : ''}\n      ${option.help}`,
  );
  return [
    "civic-search test-relevance: runs an engine's relevance tests against a running service, for a council's CI.",
    '',
    'Usage: civic-search test-relevance --service <url> --engine <name> [--private-key-file <file>] [options]',
    '',
    'Options:',
    ...rows,
    '',
    'Each test is a query and the pages that should come first (kept with the engine: edit them in the console, or',
    'through /api/civic/v1/engines/<name>/relevance_tests). It prints recall@10 and nDCG@10 for each and overall.',
    'Exit codes: 0 passed; 1 worse than the last run kept, or under --min-ndcg / --min-recall; 2 a bad command line;',
    '3 the tests could not be run (the service did not answer, refused the key, or the engine has no tests).',
  ].join('\n');
}
