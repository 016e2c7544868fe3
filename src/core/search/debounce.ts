/**
 * Named debounced calls: a call replaces the pending call of the same name. A wait of 0 (or less) runs at once.
 * Uses the global setTimeout at call time, so test clocks (node:test mock.timers) drive it.
 */
export interface Debouncer {
  run(name: string, wait: number, fn: () => void): void;
  cancel(name: string): void;
  cancelAll(): void;
}

export function createDebouncer(): Debouncer {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const cancel = (name: string) => {
    const timer = pending.get(name);
    if (timer !== undefined) clearTimeout(timer);
    pending.delete(name);
  };
  return {
    run(name, wait, fn) {
      cancel(name);
      if (!(wait > 0)) {
        fn();
        return;
      }
      pending.set(
        name,
        setTimeout(() => {
          pending.delete(name);
          fn();
        }, wait),
      );
    },
    cancel,
    cancelAll() {
      for (const name of [...pending.keys()]) cancel(name);
    },
  };
}
