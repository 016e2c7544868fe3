/** `civic-search serve` as a child process, for tests that need the real command and its own process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cliArgs } from './support/civic-search-cli';

export interface ServeProcess {
  child: ChildProcess;
  origin: string;
  /** Everything it printed so far. */
  output(): string;
  /** App Search API call with the private key. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

/** Starts `civic-search serve` on a free port; resolves once it says where it listens. */
export function startServe(args: string[], env: NodeJS.ProcessEnv, key: string): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    cliArgs(['serve', '--port', '0', '--private-key', key, ...args]),
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  let said = '';
  child.stdout!.on('data', (chunk: Buffer) => (said += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk));
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(said);
      if (!match) return;
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      const origin = match[1]!;
      resolve({
        child,
        origin,
        output: () => said,
        async api(method, path, body) {
          const response = await fetch(`${origin}/api/as/v1${path}`, {
            method,
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
            ...(body !== undefined && { body: JSON.stringify(body) }),
          });
          const text = await response.text();
          return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    const onExit = (code: number | null) => reject(new Error(`civic-search serve stopped (${code}) before it listened:\n${said}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}
