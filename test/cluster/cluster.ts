/**
 * Starts the OpenSearch cluster of test/cluster (a Maven project) for tests and benchmarks, and stops it.
 *
 * The launcher is built once with Maven: its classes and the classpath of its dependencies go to
 * test/cluster/target, the jars to ~/.m2. After that it runs with plain `java` and fetches nothing. A cluster is
 * one JVM holding one or three nodes on loopback ports the system chose; it answers over HTTP once green.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const projectDir = dirname(fileURLToPath(import.meta.url));
const targetDir = join(projectDir, 'target');
const classpathFile = join(targetDir, 'classpath.txt');
const START_TIMEOUT_MS = 180_000;

export interface ClusterNode {
  name: string;
  running: boolean;
  /** host:port of its HTTP interface. */
  http: string;
  transport: string;
}

export interface TestCluster {
  /** The process id of the JVM running now (for its memory). */
  readonly pid: number | undefined;
  /** `http://host:port` of every node, running or not, in node order. */
  readonly urls: string[];
  readonly nodes: ClusterNode[];
  /** Closes node n (1-based), keeping its data; resolves once the others have been told. */
  stopNode(n: number): Promise<void>;
  /** Starts node n again on its former ports and data; resolves once its primaries are active. */
  startNode(n: number): Promise<void>;
  /** Stops the whole JVM (nodes closed, data kept); `restart()` brings it back on the same ports. */
  stopAll(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  close(): Promise<void>;
}

/** Why a cluster cannot start on this machine, or undefined when Java 17+ and Maven are there. */
export function clusterUnavailableReason(): string | undefined {
  if (process.env.CIVIC_SKIP_CLUSTER === '1') return 'CIVIC_SKIP_CLUSTER=1 is set';
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) return 'java is not installed (test/cluster/ensure-java.sh installs Java 17 and Maven)';
  const major = /version "(\d+)/.exec(java.stderr)?.[1];
  if (!major || Number(major) < 17) return `java ${major ?? '?'} is too old: OpenSearch 2.19 needs Java 17`;
  if (!existsSync(classpathFile)) {
    const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
    if (mvn.error || mvn.status !== 0) return 'Maven (mvn) is not installed (test/cluster/ensure-java.sh installs it)';
  }
  return undefined;
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the launcher unless target/ is newer than its sources and pom. Throws with Maven's output on failure. */
export function buildLauncher(): void {
  const sources = Math.max(newestSource(join(projectDir, 'src')), statSync(join(projectDir, 'pom.xml')).mtimeMs);
  if (existsSync(classpathFile) && statSync(classpathFile).mtimeMs >= sources) return;
  const build = spawnSync('mvn', ['-q', '-B', 'package', '-DskipTests'], { cwd: projectDir, encoding: 'utf8' });
  if (build.error || build.status !== 0) {
    throw new Error(`building test/cluster with Maven failed:\n${build.stdout}${build.stderr}${build.error ?? ''}`);
  }
}

interface Launched {
  child: ChildProcess;
  /** The next `CLUSTER <event> {...}` line, or a rejection if the JVM exits first. */
  next(event: string): Promise<{ nodes: ClusterNode[] }>;
  exited: Promise<void>;
}

function launch(args: string[], heap: string): Launched {
  const classpath = `${join(targetDir, 'classes')}:${readFileSync(classpathFile, 'utf8').trim()}`;
  const child = spawn(
    'java',
    [
      `-Xms${heap}`,
      `-Xmx${heap}`,
      // Several nodes in one JVM would each try to set Netty's processor count, which may be set only once.
      '-Dopensearch.set.netty.runtime.available.processors=false',
      '-cp',
      classpath,
      'civic.cluster.ClusterLauncher',
      ...args,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const waiting: { event: string; resolve: (v: { nodes: ClusterNode[] }) => void; reject: (e: Error) => void }[] = [];
  const log: string[] = [];
  const remember = (line: string) => {
    log.push(line);
    if (log.length > 60) log.shift();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const match = /^CLUSTER (\w+) (.*)$/.exec(line);
    if (!match) return remember(line);
    const [, event, json] = match;
    const waiter = waiting.shift();
    if (!waiter) return;
    if (event === 'error') waiter.reject(new Error(`the cluster launcher failed: ${(JSON.parse(json!) as { message: string }).message}`));
    else if (event !== waiter.event) waiter.reject(new Error(`the cluster launcher said ${event}, expected ${waiter.event}`));
    else waiter.resolve(JSON.parse(json!) as { nodes: ClusterNode[] });
  });
  createInterface({ input: child.stderr! }).on('line', remember);
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      for (const waiter of waiting.splice(0)) {
        waiter.reject(new Error(`the cluster JVM exited (${signal ?? code}) before it was ready; its last lines:\n${log.join('\n')}`));
      }
      resolve();
    });
  });
  return {
    child,
    exited,
    next: (event) =>
      new Promise((resolve, reject) => {
        waiting.push({ event, resolve, reject });
      }),
  };
}

function withTimeout<T>(promise: Promise<T>, what: string, ms = START_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Starts a cluster of `nodes` nodes (1 or 3) and resolves once it is green. Builds the launcher first if needed.
 * Call clusterUnavailableReason() first to skip cleanly on machines without Java.
 */
export async function startCluster({ nodes = 1 }: { nodes?: 1 | 3 } = {}): Promise<TestCluster> {
  buildLauncher();
  const dataDir = mkdtempSync(join(tmpdir(), 'civic-cluster-'));
  const heap = nodes === 1 ? '512m' : '1g';
  let current = launch(['--nodes', String(nodes), '--data', dataDir], heap);
  let state: ClusterNode[];
  try {
    state = (await withTimeout(current.next('ready'), 'starting OpenSearch')).nodes;
  } catch (error) {
    current.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const portsOf = (key: 'http' | 'transport') => state.map((node) => node[key].split(':').pop()).join(',');
  const order = async (line: string, event: string) => {
    const answer = current.next(event);
    current.child.stdin!.write(`${line}\n`);
    state = (await withTimeout(answer, line)).nodes;
  };
  const stopJvm = async () => {
    if (current.child.exitCode !== null || current.child.signalCode !== null) return;
    current.child.stdin!.end('quit\n');
    await current.exited;
  };
  const cluster: TestCluster = {
    get pid() {
      return current.child.pid;
    },
    get urls() {
      return state.map((node) => `http://${node.http}`);
    },
    get nodes() {
      return state;
    },
    stopNode: (n) => order(`stop ${n}`, 'stopped'),
    startNode: (n) => order(`start ${n}`, 'started'),
    stopAll: stopJvm,
    async restart() {
      await stopJvm();
      current = launch(
        ['--nodes', String(nodes), '--data', dataDir, '--http-ports', portsOf('http'), '--transport-ports', portsOf('transport')],
        heap,
      );
      state = (await withTimeout(current.next('ready'), 'restarting OpenSearch')).nodes;
    },
    async close() {
      await stopJvm();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return cluster;
}
