import type { Interaction } from '../journal/interaction.ts';
import { allSessions } from '../journal/journal.ts';
import { compilePattern } from '../journal/request-pattern.ts';
import type { Stub } from './stub.ts';

const defaultPriority = 5;

interface Entry {
  stub: Stub;
  matches: (probe: Interaction) => boolean;
}

/**
 * The registered stubs of every session. A request is answered by the matching stub of its own
 * session with the lowest priority number, the newest among equals; a stub with `times` is
 * removed once it is spent.
 *
 * @example
 * const stubs = createStubRegistry();
 * stubs.add(stub);
 * stubs.take('default', () => probe); // the stub, its use counted
 */
export function createStubRegistry() {
  const sessions = new Map<string, Entry[]>();
  let nextId = 1;

  return {
    nextId: (): string => `stub-${nextId++}`,
    add(stub: Stub): void {
      const differences = compilePattern(stub.pattern);
      const entries = sessions.get(stub.session) ?? [];
      entries.push({ stub, matches: (probe) => differences(probe).length === 0 });
      // Stable order: priority, then newest first.
      entries.sort(
        (a, b) =>
          (a.stub.priority ?? defaultPriority) - (b.stub.priority ?? defaultPriority) ||
          Number(b.stub.id.slice(5)) - Number(a.stub.id.slice(5)),
      );
      sessions.set(stub.session, entries);
    },
    /**
     * The stub that answers this request, with its use counted; undefined when none matches.
     * The request is looked at only when the session has stubs at all.
     */
    take(session: string, probeOf: () => Interaction): Stub | undefined {
      const entries = sessions.get(session);
      if (entries === undefined || entries.length === 0) return undefined;
      const probe = probeOf();
      const index = entries.findIndex((entry) => entry.matches(probe));
      const entry = entries[index];
      if (entry === undefined) return undefined;
      entry.stub.uses++;
      if (entry.stub.times !== undefined && entry.stub.uses >= entry.stub.times)
        entries.splice(index, 1);
      return entry.stub;
    },
    list(session: string): Stub[] {
      if (session !== allSessions) return (sessions.get(session) ?? []).map((e) => e.stub);
      return [...sessions.values()].flat().map((e) => e.stub);
    },
    get(session: string, id: string): Stub | undefined {
      return this.list(session).find((stub) => stub.id === id);
    },
    remove(session: string, id: string): boolean {
      for (const [name, entries] of sessions) {
        if (session !== allSessions && name !== session) continue;
        const index = entries.findIndex((e) => e.stub.id === id);
        if (index !== -1) {
          entries.splice(index, 1);
          return true;
        }
      }
      return false;
    },
    clear(session: string): void {
      if (session === allSessions) sessions.clear();
      else sessions.delete(session);
    },
  };
}

export type StubRegistry = ReturnType<typeof createStubRegistry>;
