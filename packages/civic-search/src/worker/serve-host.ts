import type { MessagePort } from 'node:worker_threads';
import { BackendError } from '../search/types';
import type { FromWorker, HostSpec, ToWorker } from './protocol';
import { slotSignal, type SlotSignal } from './shared-signal';
import { toWire } from './wire-errors';

/** What a host module's factory returns: an object whose methods the worker backend's calls run. */
export type Host = object & { close?(): unknown };

type Port = Pick<MessagePort, 'postMessage' | 'on'>;

/**
 * Serves one host in this worker: loads the host module, makes the host, and runs each call as it arrives (a host
 * is asynchronous, so calls overlap as it allows). Answers carry the call's id; the main thread matches them.
 */
export function serveHost(port: Port, spec: HostSpec): void {
  const send = (message: FromWorker) => port.postMessage(message);
  const signals = new Map<number, SlotSignal>();
  let closing = false;

  const host: Promise<Host> = (async () => {
    const module = (await import(spec.module)) as Record<string, unknown>;
    const factory = module[spec.exportName];
    if (typeof factory !== 'function') throw new Error(`The host module ${spec.module} has no function export "${spec.exportName}".`);
    const made = (await factory(spec.options)) as unknown;
    if (typeof made !== 'object' || made === null) throw new Error(`"${spec.exportName}" of ${spec.module} did not return an object.`);
    return made;
  })();
  host.then(
    () => send({ kind: 'started' }),
    (error: unknown) => {
      // Nothing can be served: the main thread ends this worker and fails the calls it sent.
      send({ kind: 'start-failed', error: toWire(error) });
    },
  );

  const answer = (id: number, value: unknown) => {
    try {
      send({ kind: 'result', id, value });
    } catch (error) {
      // An answer that cannot be cloned (a function, a class instance with private state) fails that call alone.
      send({ kind: 'failure', id, error: toWire(new Error(`The answer could not be sent from the worker: ${(error as Error).message}`)) });
    }
  };

  const run = async ({ id, method, args, slot }: Extract<ToWorker, { kind: 'call' }>) => {
    const cancellable = slot ? slotSignal(slot) : undefined;
    if (cancellable) signals.set(id, cancellable);
    try {
      const served = await host;
      // A call cancelled while it waited in the queue is not started at all.
      cancellable?.signal.throwIfAborted();
      const fn = (served as Record<string, unknown>)[method];
      if (method === 'ready' && fn === undefined) return answer(id, undefined);
      if (typeof fn !== 'function' || method === 'constructor') throw new Error(`The backend in the worker has no method "${method}".`);
      const value: unknown = await fn.apply(served, cancellable ? [...args, cancellable.signal] : args);
      answer(id, value);
    } catch (error) {
      send({ kind: 'failure', id, error: toWire(error) });
    } finally {
      signals.delete(id);
    }
  };

  const close = async () => {
    closing = true;
    try {
      const served = await host.catch(() => undefined);
      await served?.close?.();
      send({ kind: 'closed' });
    } catch (error) {
      send({ kind: 'closed', error: toWire(error) });
    }
  };

  port.on('message', (message: ToWorker) => {
    if (message.kind === 'call') {
      if (closing) send({ kind: 'failure', id: message.id, error: toWire(new BackendError('The search backend is shutting down.')) });
      else void run(message);
    } else if (message.kind === 'cancel') {
      signals.get(message.id)?.fire();
      send({ kind: 'cancel-seen', id: message.id });
    } else if (message.kind === 'close') {
      void close();
    }
  });
}
