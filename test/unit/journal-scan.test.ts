import { expect, it } from 'vitest';
import { createJournal } from '../../src/observe/journal.ts';
import type { Interaction } from '../../src/interactions/interaction.ts';

function journalOf(limit: number, count: number, session = (i: number) => (i % 2 ? 'a' : 'b')) {
  const journal = createJournal(limit);
  for (let i = 1; i <= count; i++) add(journal, i, session(i));
  return journal;
}

function add(journal: ReturnType<typeof createJournal>, id: number, session: string): void {
  journal.add(String(id), session, JSON.stringify({ id: String(id), session }));
}

async function ids(scan: AsyncIterable<Interaction>, during?: () => void): Promise<string[]> {
  const seen: string[] = [];
  for await (const entry of scan) {
    seen.push(entry.id);
    if (seen.length === 1) during?.();
  }
  return seen;
}

it('scans a session oldest first, or newest first, as of the call', async () => {
  const journal = journalOf(10, 6);
  expect(await ids(journal.scan('a'))).toEqual(['1', '3', '5']);
  expect(await ids(journal.scan('*', true))).toEqual(['6', '5', '4', '3', '2', '1']);
  expect(
    await ids(journal.scan('a'), () => {
      add(journal, 7, 'a');
    }),
  ).toEqual(['1', '3', '5']);
});

it('skips entries dropped while it ran, and ends when the journal is cleared', async () => {
  const journal = journalOf(4, 4, () => 'a');
  // Two newer entries push out 1 and 2 after the scan has read 1: it goes on with 3 and 4.
  const seen = await ids(journal.scan('a'), () => {
    add(journal, 5, 'a');
    add(journal, 6, 'a');
  });
  expect(seen).toEqual(['1', '3', '4']);
  const cleared = journalOf(4, 4, () => 'a');
  expect(
    await ids(cleared.scan('*'), () => {
      cleared.clear('a');
    }),
  ).toEqual(['1']);
  expect(await ids(cleared.scan('*'))).toEqual([]);
});
