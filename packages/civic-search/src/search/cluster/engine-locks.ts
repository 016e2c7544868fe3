/**
 * Per-engine turns within one service instance: document writes to an engine run side by side (shared), while a
 * change of its schema or its existence runs alone (exclusive). A write never lands in an index that a type
 * change is about to drop, and two schema changes never read and write the catalog entry over each other. Turns
 * are first come, first served: a waiting change holds back writes that arrive after it, so it is not starved.
 */
export interface EngineLocks {
  shared<T>(engine: string, work: () => Promise<T>): Promise<T>;
  exclusive<T>(engine: string, work: () => Promise<T>): Promise<T>;
}

interface Turns {
  readers: number;
  writer: boolean;
  waiting: Array<{ exclusive: boolean; enter: () => void }>;
}

export function engineLocks(): EngineLocks {
  const engines = new Map<string, Turns>();

  const canEnter = (turns: Turns, exclusive: boolean) => !turns.writer && (!exclusive || turns.readers === 0);
  const enter = (turns: Turns, exclusive: boolean) => {
    if (exclusive) turns.writer = true;
    else turns.readers++;
  };
  function admitWaiting(engine: string, turns: Turns): void {
    while (turns.waiting.length > 0 && canEnter(turns, turns.waiting[0].exclusive)) {
      const next = turns.waiting.shift()!;
      enter(turns, next.exclusive);
      next.enter();
    }
    if (turns.readers === 0 && !turns.writer && turns.waiting.length === 0) engines.delete(engine);
  }

  async function run<T>(engine: string, exclusive: boolean, work: () => Promise<T>): Promise<T> {
    let turns = engines.get(engine);
    if (!turns) engines.set(engine, (turns = { readers: 0, writer: false, waiting: [] }));
    const current = turns;
    if (current.waiting.length === 0 && canEnter(current, exclusive)) enter(current, exclusive);
    else await new Promise<void>((resolve) => current.waiting.push({ exclusive, enter: resolve }));
    try {
      return await work();
    } finally {
      if (exclusive) current.writer = false;
      else current.readers--;
      admitWaiting(engine, current);
    }
  }

  return {
    shared: (engine, work) => run(engine, false, work),
    exclusive: (engine, work) => run(engine, true, work),
  };
}
