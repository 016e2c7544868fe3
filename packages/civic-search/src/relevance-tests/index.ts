export { relevanceTestsApi, CIVIC_API_PREFIX, type RelevanceTestsApiOptions, type RunSummary } from './routes';
export { RelevanceTestStore, COLLECTIONS as RELEVANCE_TEST_COLLECTIONS } from './store';
export { CUTOFF, DEFAULT_GRADE, MAX_GRADE, meanScores, scoreResults, type QueryScores } from './metrics';
export { compareRuns, isWorse, runTests, type Change, type Comparison, type RelevanceRun, type RunSource, type TestOutcome } from './run';
export {
  checkedTest,
  expectedLines,
  parseExpectedLines,
  LIMITS as RELEVANCE_TEST_LIMITS,
  type ExpectedDocument,
  type RelevanceTest,
  type StoredTest,
} from './test-cases';
export { testsFromCsv, testsToCsv } from './csv';
