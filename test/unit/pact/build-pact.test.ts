import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../src/contract/load-contract.ts';
import { buildPact, type PactContract } from '../../../src/pact/build-pact.ts';
import type { JournalEntry } from '../../../src/pact/left-out.ts';
import type { PactV3, PactV4 } from '../../../src/pact/pact-document.ts';
import { parseExactJson } from '../../../src/parsing/exact-json.ts';

const contract = await loadContract('openapi.yaml');
const served: PactContract = { hash: contract.hash, operations: contract.operations };
const names = { consumer: 'web', provider: 'plants' };

let nextId = 1;
function entry(
  body: unknown,
  answer: { status?: number; body?: unknown } = {},
  extra: Partial<JournalEntry> = {},
): JournalEntry {
  const status = answer.status ?? 200;
  return {
    id: String(nextId++),
    receivedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    session: 'default',
    operationId: 'createPlant',
    request: {
      method: 'POST',
      path: '/plants',
      query: {},
      headers: {
        authorization: 'Bearer',
        'content-type': 'application/json',
        'x-mock-session': 'default',
      },
      body,
    },
    response: {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: answer.body ?? { name: 'Fern' },
    },
    source: 'stateful',
    contract: {
      hash: contract.hash,
      request: { valid: true, violations: [] },
      response: { valid: true, violations: [] },
    },
    ...extra,
  };
}

const invalid = { valid: false, violations: [{ location: 'body', message: 'bad' }] };

describe('a pact from journal entries', () => {
  it('has one interaction per request shape, named after the operation and status', () => {
    const { pact, leftOut } = buildPact(
      [
        entry({ id: 1, name: 'Fern' }),
        entry({ id: 2, name: 'Moss' }),
        entry({ id: 3, name: 'Ivy', tag: 'green' }, { body: { name: 'Ivy', tag: 'green' } }),
      ],
      served,
      names,
    ) as { pact: PactV4; leftOut: unknown[] };
    expect(leftOut).toEqual([]);
    expect(pact.metadata.pactSpecification.version).toBe('4.0');
    expect(pact.consumer).toEqual({ name: 'web' });
    expect(pact.interactions.map((i) => i.description)).toEqual([
      'createPlant returns 200 (1)',
      'createPlant returns 200 (2)',
    ]);
    for (const interaction of pact.interactions) {
      expect(interaction.providerStates).toEqual([{ name: 'createPlant returns 200' }]);
      expect(interaction.type).toBe('Synchronous/HTTP');
      // The mock's own session header and the secret of the credential stay out.
      expect(interaction.request.headers).toEqual({
        Authorization: ['Bearer [redacted]'],
        'Content-Type': ['application/json'],
      });
    }
  });

  it('matches values by type, integers as integers, instead of pinning the example data', () => {
    const { pact } = buildPact([entry({ id: 7, name: 'Fern', tag: 'x' })], served, names) as {
      pact: PactV4;
    };
    const [interaction] = pact.interactions;
    expect(interaction?.request.matchingRules?.body).toEqual({
      '$.id': { combine: 'AND', matchers: [{ match: 'integer' }] },
      '$.name': { combine: 'AND', matchers: [{ match: 'type' }] },
      '$.tag': { combine: 'AND', matchers: [{ match: 'type' }] },
    });
    expect(interaction?.response.matchingRules?.header).toEqual({
      'Content-Type': {
        combine: 'AND',
        matchers: [{ match: 'regex', regex: '^application/json(;.*)?$' }],
      },
    });
  });

  it('keeps answers of different statuses apart', () => {
    const { pact } = buildPact(
      [
        entry({ id: 1, name: 'Fern' }),
        entry({ id: 1, name: 'Fern' }, { status: 400, body: { error: 400, message: 'duplicate' } }),
      ],
      served,
      names,
    );
    expect(pact.interactions.map((i) => i.description)).toEqual([
      'createPlant returns 200',
      'createPlant returns 400',
    ]);
  });

  it('gives the same bytes for the same traffic in any order', () => {
    const entries = [
      entry({ id: 1, name: 'Fern' }, { body: { name: 'Fern' } }),
      entry({ id: 2, name: 'Moss' }, { body: { name: 'Moss' } }),
      entry({ id: 3, name: 'Ivy', tag: 'x' }, { body: { name: 'Ivy', tag: 'x' } }),
      entry(
        { name: 5 },
        {},
        { contract: { hash: contract.hash, request: invalid, response: invalid } },
      ),
    ];
    const forward = JSON.stringify(buildPact(entries, served, names).pact);
    const backward = JSON.stringify(buildPact([...entries].reverse(), served, names).pact);
    expect(backward).toBe(forward);
    expect(forward).not.toContain('receivedAt');
  });

  it('writes ids past 2^53 digit for digit', () => {
    const body = parseExactJson('{"id":9007199254740993,"name":"Big"}');
    const { pact } = buildPact([entry(body)], served, names);
    const text = JSON.stringify(pact);
    expect(text).toContain('"id":9007199254740993');
    expect((pact as PactV4).interactions[0]?.request.matchingRules?.body?.['$.id']).toEqual({
      combine: 'AND',
      matchers: [{ match: 'integer' }],
    });
  });

  it('writes Pact V3 on request', () => {
    const { pact } = buildPact([entry({ id: 1, name: 'Fern' })], served, { ...names, spec: 3 });
    const v3 = pact as PactV3;
    expect(v3.metadata.pactSpecification.version).toBe('3.0.0');
    expect(v3.interactions[0]?.request.headers?.['Content-Type']).toBe('application/json');
    expect(v3.interactions[0]?.request.body).toEqual({ id: 1, name: 'Fern' });
    expect(v3.interactions[0]).not.toHaveProperty('type');
  });
});

describe('what a pact leaves out, and why', () => {
  it('leaves out rejected requests, faults, unanswered requests and broken answers', () => {
    const { pact, leftOut } = buildPact(
      [
        entry(
          { name: 5 },
          {},
          { contract: { hash: contract.hash, request: invalid, response: invalid } },
        ),
        entry(
          { id: 1, name: 'a' },
          {},
          {
            operationId: null,
            contract: { hash: contract.hash, request: invalid, response: invalid },
          },
        ),
        entry({ id: 1, name: 'a' }, {}, { source: 'fault:reset' }),
        entry({ id: 1, name: 'a' }, { status: 0 }, { source: 'aborted' }),
        entry(
          { id: 1, name: 'a' },
          {},
          {
            source: 'example:x',
            contract: {
              hash: contract.hash,
              request: { valid: true, violations: [] },
              response: invalid,
            },
          },
        ),
      ],
      served,
      names,
    );
    expect(pact.interactions).toEqual([]);
    expect(leftOut.map(({ kind, count, ids }) => ({ kind, count, ids }))).toEqual([
      { kind: 'rejected', count: 2, ids: expect.any(Array) as string[] },
      { kind: 'unanswered', count: 1, ids: expect.any(Array) as string[] },
      { kind: 'fault', count: 1, ids: expect.any(Array) as string[] },
      { kind: 'response-outside-contract', count: 1, ids: expect.any(Array) as string[] },
    ]);
    expect(leftOut[0]?.reason).toMatch(/rejected/);
  });

  it('leaves out a stub outside the contract unless asked for it', () => {
    const stub = entry(
      null,
      { status: 418, body: { teapot: true } },
      {
        operationId: null,
        request: { method: 'GET', path: '/teapot', query: {}, headers: {}, body: null },
        source: 'stub:1',
        contract: { hash: contract.hash, request: invalid, response: invalid },
      },
    );
    const without = buildPact([stub], served, names);
    expect(without.pact.interactions).toEqual([]);
    expect(without.leftOut[0]?.kind).toBe('stub-outside-contract');
    const withStub = buildPact([stub], served, { ...names, outsideContract: true });
    expect(withStub.pact.interactions.map((i) => i.description)).toEqual([
      'GET /teapot returns 418 (a stub outside the contract)',
    ]);
  });

  it('never presents a body cut at the journal limit as the contract', () => {
    const cut = entry({ id: 1, name: 'Fern' });
    cut.response.truncated = true;
    const cutText = entry('{"id":1,"name":"'.padEnd(16 * 1024, 'x'));
    cutText.request.truncated = true;
    const { pact, leftOut } = buildPact([cut, cutText], served, names);
    expect(pact.interactions).toEqual([]);
    expect(leftOut).toEqual([
      {
        kind: 'truncated',
        reason: expect.stringMatching(/cut/) as string,
        count: 2,
        ids: [cut.id, cutText.id],
      },
    ]);
  });

  it('leaves out entries judged against another version of the contract', () => {
    const { leftOut } = buildPact(
      [
        entry(
          { id: 1, name: 'a' },
          {},
          {
            contract: {
              hash: 'other',
              request: { valid: true, violations: [] },
              response: { valid: true, violations: [] },
            },
          },
        ),
      ],
      served,
      names,
    );
    expect(leftOut.map((l) => l.kind)).toEqual(['other-contract']);
  });

  it('says when the journal is empty, the session unknown, or entries were dropped', () => {
    expect(buildPact([], served, names).leftOut.map((l) => l.kind)).toEqual(['empty-journal']);
    expect(buildPact([], served, names, { unknownSession: true }).leftOut[0]?.kind).toBe(
      'unknown-session',
    );
    const dropped = buildPact([entry({ id: 1, name: 'a' })], served, names, { dropped: 3 });
    expect(dropped.pact.interactions).toHaveLength(1);
    expect(dropped.leftOut).toEqual([
      {
        kind: 'dropped',
        reason: expect.stringMatching(/journal-limit/) as string,
        count: 3,
        ids: [],
      },
    ]);
  });

  it('lists at most ten ids per reason, and counts them all', () => {
    const fault = Array.from({ length: 12 }, () =>
      entry({ id: 1, name: 'a' }, {}, { source: 'fault:empty' }),
    );
    const [group] = buildPact(fault, served, names).leftOut;
    expect(group?.count).toBe(12);
    expect(group?.ids).toHaveLength(10);
  });
});

describe('response headers in a pact', () => {
  it('keeps the declared ones, and matches a count by its type rather than its value', async () => {
    const greenhouse = await loadContract('fixtures/specs/greenhouse.yaml');
    const sensors = entry(
      null,
      { body: [{ name: 'north' }] },
      {
        operationId: 'listSensors',
        request: { method: 'GET', path: '/sensors', query: {}, headers: {}, body: null },
        contract: {
          hash: greenhouse.hash,
          request: { valid: true, violations: [] },
          response: { valid: true, violations: [] },
        },
      },
    );
    sensors.response.headers = {
      'content-type': 'application/json',
      'x-total-count': '2',
      etag: 'W/"1"',
    };
    const { pact } = buildPact(
      [sensors],
      { hash: greenhouse.hash, operations: greenhouse.operations },
      names,
    );
    const [interaction] = (pact as PactV4).interactions;
    expect(interaction?.response.headers).toEqual({
      'Content-Type': ['application/json'],
      'X-Total-Count': ['2'],
    });
    expect(interaction?.response.matchingRules?.header?.['X-Total-Count']).toEqual({
      combine: 'AND',
      matchers: [{ match: 'regex', regex: '^-?\\d+$' }],
    });
    expect(interaction?.response.matchingRules?.body).toEqual({
      $: { combine: 'AND', matchers: [{ match: 'type', min: 0 }] },
      '$[*].name': { combine: 'AND', matchers: [{ match: 'type' }] },
    });
  });
});
