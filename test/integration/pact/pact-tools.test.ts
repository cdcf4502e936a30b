// The pacts the mock writes, checked by the tools that consume pacts: PactFlow's check of a pact
// against an OpenAPI document (the engine of bi-directional contract testing) and Pact's own
// provider verifier, run against this mock serving the same contract.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import {
  SwaggerMockValidatorFactory,
  type ValidationFinding,
} from '@pactflow/swagger-mock-validator';
import { startMockServer, type RunningMockServer } from 'plant-store-mock';
import type { Pact, PactResult, PactV4 } from 'plant-store-mock/client';
import { parse } from 'yaml';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractTraffic, sendTraffic } from './support/contract-traffic.ts';

// Pact's core library reports usage over the network unless told not to; there is none here.
process.env.PACT_DO_NOT_TRACK = 'true';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'pact-tools-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

// Each pact comes from a fresh mock, in the same session: the same traffic.
async function recordedPact(spec: string, pactSpec: 3 | 4): Promise<PactResult> {
  const session = 'web';
  const { mode, requests } = contractTraffic[spec] ?? { mode: 'static', requests: [] };
  const server = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    spec,
    mode,
    seed: '1',
  });
  try {
    await sendTraffic(server.url, session, requests);
    const answer = await fetch(
      `${server.adminUrl}/pact?consumer=web&provider=plants&spec=${pactSpec}`,
      {
        headers: { 'x-mock-session': session },
      },
    );
    expect(answer.status).toBe(200);
    return (await answer.json()) as PactResult;
  } finally {
    await server.close();
  }
}

async function writePact(name: string, pact: unknown): Promise<string> {
  const file = join(folder, `${name.replace(/\W/g, '_')}.json`);
  await writeFile(file, JSON.stringify(pact));
  return file;
}

/**
 * PactFlow's verdict, less one gap of the tool: it looks a status up as written (`200`) or under
 * `default`, never under a range (`2XX`), though OpenAPI 3 allows ranges and its own schema of
 * the document accepts them. Only that finding is set aside, and only where the range covers
 * the status.
 */
async function pactFlowErrors(spec: string, pactFile: string): Promise<ValidationFinding[]> {
  const result = await SwaggerMockValidatorFactory.create().validate({
    specPathOrUrl: spec,
    mockPathOrUrl: pactFile,
  });
  return result.errors.filter((error) => {
    if (error.code !== 'response.status.unknown') return true;
    const declared = Object.keys(error.specDetails?.value ?? {});
    const status = String(error.mockDetails?.value);
    return !declared.includes(`${status[0] ?? ''}XX`);
  });
}

// Each provider state names the status the consumer saw (`createPlant returns 200`), or what the
// provider holds first (`a plant with id 1 exists`: a create of that id then answers 400): in
// static mode `Prefer: code=STATUS` has the mock answer it, with the contract's example for it.
async function verifyWithPact(spec: string, pactFile: string, pact: Pact): Promise<void> {
  const mode = contractTraffic[spec]?.mode === 'dynamic' ? 'dynamic' : 'static';
  const provider: RunningMockServer = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    spec,
    mode,
    seed: '1',
  });
  let status: string | undefined;
  const states = (pact.interactions as { providerStates: { name: string }[] }[]).flatMap((i) =>
    i.providerStates.map((s) => s.name),
  );
  try {
    await new Verifier({
      provider: 'plants',
      providerBaseUrl: provider.url,
      pactUrls: [pactFile],
      logLevel: 'error',
      stateHandlers: Object.fromEntries(
        states.map((name) => [
          name,
          () => {
            status = /^a plant with id .+ exists$/.test(name)
              ? '400'
              : /returns (\d{3})/.exec(name)?.[1];
            return Promise.resolve();
          },
        ]),
      ),
      requestFilter: (req, _res, next) => {
        if (status !== undefined) req.headers.prefer = `code=${status}`;
        next();
      },
    }).verifyProvider();
  } finally {
    await provider.close();
  }
}

const specs = Object.keys(contractTraffic);
// PactFlow's check reads OpenAPI 3 and Swagger 2 documents, not Postman collections.
const isPostman = (spec: string): boolean => spec.includes('postman');

describe.each(specs)('the pact of traffic to %s', (spec) => {
  let v4: PactResult;
  let v4File: string;
  beforeAll(async () => {
    v4 = await recordedPact(spec, 4);
    v4File = await writePact(`${spec}-v4`, v4.pact);
  });

  it('is the same bytes for the same traffic', async () => {
    const again = await recordedPact(spec, 4);
    expect(JSON.stringify(again.pact)).toBe(JSON.stringify(v4.pact));
  });

  // Not defined for a Postman collection, which the checker cannot read.
  if (!isPostman(spec)) {
    it("passes PactFlow's check against the contract, as V4 and as V3", async () => {
      expect(await pactFlowErrors(spec, v4File)).toEqual([]);
      const v3 = await recordedPact(spec, 3);
      expect(await pactFlowErrors(spec, await writePact(`${spec}-v3`, v3.pact))).toEqual([]);
    });
  }

  it("passes Pact's provider verification against the mock serving the contract, V4 and V3", async () => {
    await expect(verifyWithPact(spec, v4File, v4.pact)).resolves.toBeUndefined();
    const v3 = await recordedPact(spec, 3);
    const v3File = await writePact(`${spec}-v3-verify`, v3.pact);
    await expect(verifyWithPact(spec, v3File, v3.pact)).resolves.toBeUndefined();
  }, 60_000);
});

describe('the checks bite', () => {
  it('PactFlow refuses a pact whose request breaks the contract', async () => {
    const { pact } = await recordedPact('openapi.yaml', 4);
    const broken = structuredClone(pact) as PactV4;
    const body = broken.interactions[0]?.request.body;
    if (body !== undefined) body.content = { id: 'not a number', name: 5 };
    const errors = await pactFlowErrors('openapi.yaml', await writePact('broken-request', broken));
    expect(errors.map((e) => e.code)).toContain('request.body.incompatible');
  });

  it("Pact's verifier refuses a pact whose answer the mock does not give", async () => {
    const { pact } = await recordedPact('openapi.yaml', 4);
    const broken = structuredClone(pact) as PactV4;
    const body = broken.interactions[0]?.response.body;
    if (body !== undefined) body.content = { name: 'Fern', height: 3 };
    const file = await writePact('broken-response', broken);
    await expect(verifyWithPact('openapi.yaml', file, broken)).rejects.toThrow(/height/);
  }, 60_000);

  it('the traffic exercises every operation of each contract but the broken one', async () => {
    for (const spec of specs.filter((s) => !s.includes('broken') && !isPostman(s))) {
      const document = parse(await readFile(spec, 'utf8')) as {
        paths: Record<string, Record<string, { operationId?: string }>>;
      };
      const operations = Object.values(document.paths).flatMap((path) =>
        Object.values(path).flatMap((op) => (op.operationId === undefined ? [] : [op.operationId])),
      );
      const { pact } = await recordedPact(spec, 4);
      const described = new Set(pact.interactions.map((i) => i.description.split(' ')[0]));
      expect([...described].sort(), spec).toEqual([...new Set(operations)].sort());
    }
  });
});
