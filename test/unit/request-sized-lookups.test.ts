import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../../bench/generate-contract.ts';
import type { ContractOperation } from '../../src/contract/contract-operation.ts';
import { createLiveContract } from '../../src/contract/live-contract.ts';
import { loadContract, type Contract } from '../../src/contract/load-contract.ts';
import { declaredRefusal } from '../../src/responders/error-answer.ts';
import { createMemoryItemStore } from '../../src/responders/resources/memory-item-store.ts';
import { createStatefulMode } from '../../src/responders/stateful-mode.ts';
import { createStaticMode } from '../../src/responders/static-mode.ts';
import { createMemoryStore } from '../../src/responders/store/record-store.ts';

// A request should cost what its own operation and resource cost, whatever the contract's size:
// these count what one request looks at in a contract of 600 operations (the Plant Store's and
// a create and a read of each of 299 resources, under `/r250` or, as multi-tenant APIs write
// them, under a parameter: `/{tenant}/r250`).
const root = fileURLToPath(new URL('../../', import.meta.url));
let folder: string;
let spec: string;
let tenantSpec: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'request-sized-'));
  spec = generateOpenApi(root, folder, 600);
  tenantSpec = generateOpenApi(root, folder, 600, { parameterFirst: true });
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const named = (contract: Contract, id: string): ContractOperation => {
  const found = contract.operations.find((op) => op.operationId === id);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
};

// Whether an operation has been converted into Prism's model (its fields no longer getters).
const converted = (op: ContractOperation): boolean =>
  Object.getOwnPropertyDescriptor(op, 'statuses')?.get === undefined;

describe('a request looks at its own path, not the whole contract', () => {
  it.each([
    ['its first segment', () => spec, ''],
    ['its first literal segment, after a parameter', () => tenantSpec, '/acme'],
  ])('routes by testing only the paths under %s', async (_, specOf, prefix) => {
    const contract = await loadContract(specOf());
    let tested = 0;
    class CountedPattern extends RegExp {
      override test(text: string): boolean {
        tested += 1;
        return super.test(text);
      }
    }
    for (const op of contract.operations) op.matcher = new CountedPattern(op.matcher);
    const live = createLiveContract(contract);

    expect(live.route('GET', `${prefix}/r250/7`)).toEqual({
      kind: 'matched',
      operation: named(contract, 'readR250'),
    });
    expect(live.route('DELETE', `${prefix}/r250/7`)).toEqual({ kind: 'no-method', allow: ['GET'] });
    expect(live.route('GET', `${prefix}/nowhere`)).toEqual({ kind: 'no-path' });
    expect(tested).toBeLessThanOrEqual(8);
  });

  it("answers an unknown path with the contract's 404 converting only up to the first declaring it", async () => {
    const contract = await loadContract(spec);
    const answer = declaredRefusal(contract.operations, 404, '/nowhere', 'Not here.');

    expect(answer?.status).toBe(404);
    expect(contract.operations.filter(converted).length).toBeLessThanOrEqual(10);
  });

  it("finds a stateful request's resource from the paths beside its own", async () => {
    const contract = await loadContract(spec);
    const looked = new Set<ContractOperation>();
    const watched = contract.operations.map(
      (op) =>
        new Proxy(op, {
          get(target, key, receiver) {
            if (key === 'path') looked.add(target);
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
    );
    const items = createMemoryItemStore(new Map(), { limit: 1_000, chars: 2 ** 20 });
    const mode = createStatefulMode(createMemoryStore(), createStaticMode(), {
      items,
      operations: () => watched,
      maxItemChars: 2 ** 20,
    });
    const create = watched[contract.operations.indexOf(named(contract, 'createR250'))];
    const plants = watched[contract.operations.indexOf(named(contract, 'createPlant'))];
    if (create === undefined || plants === undefined) throw new Error('no createR250');
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    looked.clear();

    const created = await mode.respond({
      operation: create,
      request: { method: 'POST', path: '/r250', query: {}, headers, body: { name: 'Fern' } },
      session: 'default',
      status: 201,
    });
    expect(created.source).toBe('stateful');
    expect(created.response.body).toEqual({ id: 1, name: 'Fern' });
    expect(looked.size).toBeLessThanOrEqual(4);

    looked.clear();
    const plant = await mode.respond({
      operation: plants,
      request: {
        method: 'POST',
        path: '/plants',
        query: {},
        headers,
        body: { id: 9, name: 'Aloe' },
      },
      session: 'default',
      status: 200,
    });
    // A contract with resources answers its other operations as static mode does.
    expect(plant.source).not.toBe('stateful');
    expect(looked.size).toBeLessThanOrEqual(4);
  });
});
