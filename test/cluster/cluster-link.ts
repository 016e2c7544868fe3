/**
 * A TCP link in front of a cluster node that a test can cut and restore, so that a service sees its cluster go away
 * and come back while the node itself (shared with other test files) keeps running. Cut, the link's port refuses
 * connections and every open one is dropped, as when the cluster's process stops; restored, it listens on the same
 * port again. A test of the cluster's own restart (its data read back from disk) stops a cluster of its own instead.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface ClusterLink {
  /** `http://127.0.0.1:port`: give this to the service instead of the node's own address. */
  readonly url: string;
  /** Refuses new connections and drops open ones; resolves once the port is closed. */
  cut(): Promise<void>;
  /** Listens on the same port again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function openClusterLink(nodeUrl: string): Promise<ClusterLink> {
  const target = new URL(nodeUrl);
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });
  await listen(0);
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    cut,
    restore: () => listen(port),
    close: () => (server.listening ? cut() : Promise.resolve()),
  };
}
