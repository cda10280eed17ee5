import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

// When the endpoint itself fails (unreachable, too slow, not a group/upgrade API), every section
// of a page meets the same failure: one box says it, the others a line pointing to it. The box
// goes to the section mounted first; when it leaves, the next one takes it over.

const sayers = new Map<string, number[]>();
const listeners = new Set<() => void>();
let nextId = 1;

const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this component is the one on the page to say `message` in full (null: always). */
export function useSaysItFirst(message: string | null): boolean {
  const [id] = useState(() => nextId++);
  useLayoutEffect(() => {
    if (message === null) return;
    sayers.set(
      message,
      [...(sayers.get(message) ?? []), id].sort((a, b) => a - b),
    );
    notify();
    return () => {
      const rest = (sayers.get(message) ?? []).filter((other) => other !== id);
      if (rest.length > 0) sayers.set(message, rest);
      else sayers.delete(message);
      notify();
    };
  }, [message, id]);
  return useSyncExternalStore(
    subscribe,
    () => message === null || (sayers.get(message)?.[0] ?? id) === id,
    () => true,
  );
}
