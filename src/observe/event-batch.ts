import { allSessions } from '../sessions/session-of.ts';
import { summaryText, type RecordedEntry } from './record-interactions.ts';

/**
 * A batch of journal entries as server-sent events, each event made once and only if a client
 * wants it, in full or as its summary.
 *
 * @example
 * const batch = eventBatch(entries);
 * socket.write(batch.chunk('*', false) ?? ''); // every entry, in full
 */
export function eventBatch(entries: readonly RecordedEntry[]) {
  const full: (string | undefined)[] = [];
  const summaries: (string | undefined)[] = [];
  const batch = {
    /** Calls `each` with the entries of `session` (every entry for `*`). */
    forEach(session: string, each: (entry: RecordedEntry, i: number) => void): void {
      entries.forEach((entry, i) => {
        if (session === allSessions || session === entry.session) each(entry, i);
      });
    },
    event(i: number, summary: boolean): string {
      const entry = entries[i] as RecordedEntry;
      if (summary) return (summaries[i] ??= eventOf(summaryText(entry)));
      return (full[i] ??= eventOf(entry.text));
    },
    /** The events of `session` in one chunk; undefined when it has none. */
    chunk(session: string, summary: boolean): Buffer | undefined {
      let text = '';
      batch.forEach(session, (_entry, i) => (text += batch.event(i, summary)));
      return text === '' ? undefined : Buffer.from(text);
    },
  };
  return batch;
}

// An entry's JSON has line breaks only as whitespace, if at all: each line goes on a `data:` line
// of its own, which the client joins again with "\n".
function eventOf(text: string): string {
  if (!/[\r\n]/.test(text)) return `data: ${text}\n\n`;
  return `data: ${text.split(/\r\n|\r|\n/).join('\ndata: ')}\n\n`;
}
