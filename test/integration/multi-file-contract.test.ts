import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startCli } from '../support/launch-cli.ts';
import { json, send, startTestServer } from '../support/mock-fetch.ts';

let folder: string;
let server: RunningMockServer | undefined;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-split-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(folder, { recursive: true, force: true });
});

// A contract in four files: a path item in paths/, schemas in schemas/ (YAML and JSON), a
// reference back into the spec, and a recursive schema that crosses files.
const files = {
  'openapi.yaml': `openapi: 3.1.0
info: { title: Split pets, version: 1.0.0 }
paths:
  /pets:
    $ref: paths/pets.yaml
  /pets/{petId}:
    $ref: paths/pets.yaml#/item
components:
  schemas:
    Id: { type: integer, minimum: 1 }
`,
  'paths/pets.yaml': `post:
  operationId: createPet
  requestBody:
    required: true
    content:
      application/json:
        schema: { $ref: ../schemas/pet.yaml }
  responses:
    '201':
      description: created
      content:
        application/json:
          schema: { $ref: ../schemas/pet.yaml }
item:
  get:
    operationId: getPet
    parameters:
      - { name: petId, in: path, required: true, schema: { $ref: '../openapi.yaml#/components/schemas/Id' } }
    responses:
      '200':
        description: ok
        content:
          application/json:
            schema: { $ref: ../schemas/pet.yaml }
`,
  'schemas/pet.yaml': `type: object
required: [id, name]
properties:
  id: { $ref: '../openapi.yaml#/components/schemas/Id' }
  name: { type: string, maxLength: 20 }
  tag: { $ref: 'common.json#/components/schemas/Tag' }
  parent: { $ref: '#' }
example: { id: 7, name: Rex, tag: dog }
`,
  'schemas/common.json': JSON.stringify({
    components: { schemas: { Tag: { type: 'string', enum: ['dog', 'cat'] } } },
  }),
};

async function writeContract(overrides: Record<string, string> = {}): Promise<string> {
  for (const [name, text] of Object.entries({ ...files, ...overrides })) {
    await mkdir(dirname(join(folder, name)), { recursive: true });
    await writeFile(join(folder, name), text);
  }
  return join(folder, 'openapi.yaml');
}

it('serves a contract split into files: answers from a referred file and validates against it', async () => {
  server = await startTestServer({ spec: await writeContract(), mode: 'static' });
  const answer = await send(`${server.url}/pets/7`);
  expect([answer.status, answer.body]).toEqual([200, { id: 7, name: 'Rex', tag: 'dog' }]);
  // The path parameter's schema comes from the spec through paths/pets.yaml.
  expect((await send(`${server.url}/pets/0`)).status).toBe(422);
  const create = (body: unknown) =>
    send(`${server?.url ?? ''}/pets`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
    });
  expect((await create({ id: 2, name: 'Ivy', tag: 'cat' })).status).toBe(201);
  // tag's enum is in schemas/common.json; parent recurses through schemas/pet.yaml.
  const bad = await create({ id: 2, name: 'Ivy', tag: 'fish', parent: { id: 1 } });
  expect(bad.status).toBe(422);
  expect(bad.text).toMatch(/tag/);
  expect(bad.text).toMatch(/parent/);
});

it('reloads under --watch when a referred file changes, keeps the old contract when it breaks, and follows a file added later', async () => {
  const spec = await writeContract();
  const listen = ['--port', '0', '--host', '127.0.0.1', '--mode', 'static'];
  const { cli, url } = await startCli([...listen, '--spec', spec, '--watch']);
  const name = async () => ((await send(`${url}/pets/7`)).body as { name?: unknown }).name;
  const pet = (name: string) => files['schemas/pet.yaml'].replace('Rex', name);
  try {
    await writeFile(join(folder, 'schemas/pet.yaml'), pet('Fido'));
    await expect.poll(name, { timeout: 5_000 }).toBe('Fido');

    await writeFile(join(folder, 'schemas/pet.yaml'), 'type: [object\n');
    await cli.waitForLine((line) => line.includes('Failed to reload'), 'the failed reload');
    expect(await name()).toBe('Fido');
    // A new file referred to before it exists: that load fails too, and once it is written the
    // contract reloads from it.
    await writeFile(join(folder, 'schemas/pet.yaml'), pet('Fido'));
    await writeFile(
      join(folder, 'paths/pets.yaml'),
      files['paths/pets.yaml'].replaceAll('../schemas/pet.yaml', '../schemas/dog.yaml'),
    );
    await cli.waitForLine((line) => line.includes('schemas/dog.yaml'), 'the missing file');
    expect(await name()).toBe('Fido');
    await writeFile(join(folder, 'schemas/dog.yaml'), pet('Bo'));
    await expect.poll(name, { timeout: 5_000 }).toBe('Bo');
  } finally {
    cli.child.kill();
    await cli.exited;
  }
});

it('refuses at start a $ref that is a URL, an absolute path, or leads out of the folder by ../ or a symlink', async () => {
  const outside = await mkdtemp(join(tmpdir(), 'plant-store-mock-outside-'));
  try {
    await writeFile(join(outside, 'pet.yaml'), files['schemas/pet.yaml']);
    await symlink(join(outside, 'pet.yaml'), join(folder, 'linked.yaml'));
    const cases: [string, RegExp][] = [
      ['https://example.com/pet.yaml', /a URL, and the mock fetches nothing/],
      ['http://127.0.0.1:9/pet.yaml#/x', /a URL, and the mock fetches nothing/],
      [join(outside, 'pet.yaml'), /outside the spec's folder/],
      ['../../outside/pet.yaml', /outside the spec's folder/],
      ['../linked.yaml', /outside the spec's folder/],
    ];
    for (const [ref, message] of cases) {
      const spec = await writeContract({
        'paths/pets.yaml': files['paths/pets.yaml'].replaceAll('../schemas/pet.yaml', `'${ref}'`),
      });
      await expect(startTestServer({ spec }), ref).rejects.toThrow(message);
    }
  } finally {
    await rm(outside, { recursive: true, force: true });
  }
});
