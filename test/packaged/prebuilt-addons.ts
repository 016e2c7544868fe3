/**
 * A download host for better-sqlite3's prebuilt addon, as a council's installs get it from the package's release
 * page. These machines reach the npm registry but not that page, so each scratch install would compile SQLite from
 * source (over a minute of both cores, twice per run). The repository's own install has compiled the same addon
 * already; this serves it under the name and path `prebuild-install` asks for, and installs given `env` fetch it
 * as they would from the release page. A version the repository has not compiled is simply not found there, and
 * the install compiles it as before: the host can make an install faster, never different.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PrebuiltAddonHost {
  /** What an `npm install` needs in its environment to download from this host. */
  env: Record<string, string>;
  close(): void;
}

/** Serves `root`'s compiled better-sqlite3 (root: the repository, whose node_modules holds it). */
export async function hostPrebuiltAddons(root: string): Promise<PrebuiltAddonHost> {
  const packageDir = join(root, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  // prebuild-install's file name: name, version, runtime, ABI, platform and architecture, as a tarball of build/.
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const { stdout } = await run('tar', ['-czf', '-', '-C', packageDir, 'build/Release/better_sqlite3.node'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const tarball: Buffer = stdout;
  const server: Server = createServer((request, response) => {
    if (request.url === `/v${version}/${name}`) {
      response.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': tarball.length }).end(tarball);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    env: { npm_config_better_sqlite3_binary_host: `http://127.0.0.1:${port}` },
    close: () => server.close(),
  };
}
