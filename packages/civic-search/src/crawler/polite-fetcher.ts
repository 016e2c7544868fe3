import type { CrawlReport } from './crawl-report';
import { CRAWLER_AGENT, DEFAULT_USER_AGENT, type ResolvedSettings } from './crawl-settings';
import type { UrlState } from './crawl-state';
import type { CrawlStop } from './crawl-stop';
import { fetchResource, type FetchOutcome, type ResourceKind } from './fetch-resource';
import type { Frontier } from './frontier';
import { HostGate } from './host-gate';
import { readRobots, type RobotsRules } from './robots';

/** A URL answered 429 or 503 is tried again at most this many times. */
const MAX_RETRIES = 2;

/**
 * Every request of one run: each through its host's gate (requests at once, delay between starts, Retry-After
 * holds), with the host's robots.txt read once and its Crawl-delay obeyed, and redirects only to URLs the crawl may
 * fetch. A stopped run's requests are abandoned.
 */
export class PoliteFetcher {
  private readonly gates = new Map<string, HostGate>();
  private readonly robots = new Map<string, Promise<RobotsRules>>();
  private readonly userAgent: string;

  constructor(
    private readonly settings: ResolvedSettings,
    private readonly frontier: Frontier,
    private readonly stop: CrawlStop,
    private readonly report: CrawlReport,
    private readonly fetchImpl?: typeof fetch,
  ) {
    this.userAgent = settings.userAgent ?? DEFAULT_USER_AGENT;
  }

  private gate(host: string): HostGate {
    let gate = this.gates.get(host);
    if (!gate) {
      gate = new HostGate(this.settings.concurrency, this.settings.delayMs);
      this.gates.set(host, gate);
    }
    return gate;
  }

  /** One request through the host's gate, retried when the host asks to wait (429, 503) for a bounded time. */
  async fetch(url: URL, kind: ResourceKind, validators: Pick<UrlState, 'etag' | 'lastModified'> = {}): Promise<FetchOutcome> {
    const gate = this.gate(url.host);
    const signal = this.stop.signal;
    for (let attempt = 0; ; attempt++) {
      const outcome = await gate.run(
        () =>
          fetchResource(
            { url, kind, ...validators, signal },
            {
              fetch: this.fetchImpl,
              userAgent: this.userAgent,
              limits: this.settings.limits,
              normalise: (location, base) => this.frontier.normalise(location, base),
              beforeRedirect: (target) => this.gate(target.host).pace(signal),
              // A redirect's target must be one the crawl may fetch, robots.txt of its host included (except for
              // robots.txt itself, whose own rules are what is being read).
              redirectRefusal: async (target) =>
                this.frontier.refusal(target) ??
                (kind === 'robots' || (await this.robotsFor(target)).isAllowed(target) ? undefined : 'disallowed by robots.txt'),
            },
          ),
        signal,
      );
      if (!outcome) return { type: 'failed', url, reason: 'stopped' };
      if (outcome.type !== 'failed' || (outcome.status !== 429 && outcome.status !== 503) || attempt >= MAX_RETRIES) return outcome;
      const wait = outcome.retryAfterMs ?? 5000 * (attempt + 1);
      if (wait > this.settings.maxRetryAfterMs) {
        return { ...outcome, reason: `${outcome.reason}, asked to wait ${Math.round(wait / 1000)} s (more than the ${this.settings.maxRetryAfterMs / 1000} s a crawl waits)` };
      }
      gate.holdFor(wait);
    }
  }

  /** The host's robots.txt (read once per run); its Crawl-delay slows the host's gate, a problem reading it is noted. */
  robotsFor(url: URL): Promise<RobotsRules> {
    let rules = this.robots.get(url.host);
    if (!rules) {
      rules = readRobots(new URL(url.origin), CRAWLER_AGENT, (robotsUrl) => this.fetch(robotsUrl, 'robots')).then((read) => {
        if (read.crawlDelayMs) this.gate(url.host).atLeast(Math.min(read.crawlDelayMs, this.settings.maxCrawlDelayMs));
        if (read.problem) this.report.note(read.problem);
        return read;
      });
      this.robots.set(url.host, rules);
    }
    return rules;
  }
}
