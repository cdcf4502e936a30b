import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { isRecord } from '../../../src/parsing/is-record.ts';
import { readRecordFile } from '../../../src/pact/read-record-file.ts';

it('takes JSON objects for records, and neither arrays, null nor scalars', () => {
  expect([{}, { a: 1 }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
  expect([[], null, undefined, 'x', 1, true].map(isRecord)).toEqual(
    Array.from({ length: 6 }, () => false),
  );
});

it('skips a record file line whose headers are a list, as no interaction', async () => {
  const entry = {
    id: '1',
    session: 'default',
    source: 'static',
    request: { method: 'GET', path: '/plants', query: {}, headers: {} },
    response: { status: 200, headers: {} },
    contract: { hash: 'h', request: { valid: true }, response: { valid: true } },
  };
  const listed = { ...entry, request: { ...entry.request, headers: [['accept', '*/*']] } };
  const path = join(mkdtempSync(join(tmpdir(), 'record-')), 'record.ndjson');
  writeFileSync(path, `${JSON.stringify(entry)}\n${JSON.stringify(listed)}\n`);
  const read = [];
  for await (const { entry: found } of readRecordFile(path)) read.push(found?.id);
  expect(read).toEqual(['1', undefined]);
});
