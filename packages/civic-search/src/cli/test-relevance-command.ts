import { CIVIC_API_PREFIX } from '../relevance-tests';
import { UsageError } from './serve-options';
import { failures, formatRun, type RunAnswer } from './test-relevance-report';
import { readTestRelevanceSettings, testRelevanceHelp } from './test-relevance-options';

/** Exit codes, as the help text gives them: a CI job can tell a relevance drop from a service it could not reach. */
export const EXIT = Object.freeze({ passed: 0, failed: 1, usage: 2, couldNotRun: 3 });

/** A run with many tests on a busy service takes a while; past this, the command gives up. */
const RUN_TIMEOUT_MS = 5 * 60_000;

/**
 * `civic-search test-relevance`: runs an engine's relevance tests on a running service, over HTTP with a private key
 * that reads the engine: what a council's CI has. It tests the service as visitors meet it (its index, its saved
 * settings), needs no access to its data folder (which the running service holds), and works the same in front of
 * a cluster. Resolves with the exit code.
 */
export async function runTestRelevanceCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(testRelevanceHelp());
    return EXIT.passed;
  }
  let settings;
  try {
    settings = await readTestRelevanceSettings(args, env);
  } catch (error) {
    console.error(`civic-search test-relevance: ${(error as Error).message}`);
    return error instanceof UsageError ? EXIT.usage : EXIT.couldNotRun;
  }
  for (const warning of settings.warnings) console.error(`civic-search test-relevance: warning: ${warning}`);
  const url = `${settings.service}${CIVIC_API_PREFIX}/engines/${encodeURIComponent(settings.engine)}/relevance_tests/run`;
  let answer: RunAnswer;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.privateKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source: 'cli', record: settings.record ? 'unless-worse' : false }),
      signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => undefined)) as (RunAnswer & { errors?: string[]; error?: string }) | undefined;
    if (!response.ok || !body?.run) {
      const why = body?.errors?.join(' ') ?? body?.error ?? `the service answered ${response.status}`;
      console.error(`civic-search test-relevance: the tests of "${settings.engine}" could not be run: ${why}`);
      return EXIT.couldNotRun;
    }
    answer = body;
  } catch (error) {
    console.error(`civic-search test-relevance: ${settings.service} did not answer: ${(error as Error).message}`);
    return EXIT.couldNotRun;
  }
  const reasons = failures(answer, settings);
  if (settings.json) console.log(JSON.stringify({ ...answer, passed: reasons.length === 0, failures: reasons }, null, 2));
  else {
    console.log(
      formatRun(
        answer,
        `Relevance tests of "${settings.engine}" on ${settings.service}, ${answer.run.at.slice(0, 16).replace('T', ' ')} UTC`,
      ),
    );
    console.log('');
    if (reasons.length === 0) console.log(`Passed.${answer.recorded ? ' The run is kept as the one to compare the next with.' : ''}`);
    else {
      console.log(`FAILED: ${reasons.join('; ')}.`);
      console.log(
        answer.recorded ? 'The run is kept in the history.' : 'The run is not kept: the last run kept stays the one to compare with.',
      );
    }
  }
  return reasons.length === 0 ? EXIT.passed : EXIT.failed;
}
