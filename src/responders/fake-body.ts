import { randomInt } from 'node:crypto';
import type { FakerSettings } from '../contract/faker-settings.ts';
import { unrollRefs } from '../contract/unroll-refs.ts';
import type { MaybePromise } from '../maybe-promise.ts';

type Faker = typeof import('json-schema-faker');
let loading: Promise<Faker> | undefined;
// Once loaded, fakes are made synchronously: no promise per answer.
let loaded: Faker | undefined;

/** How deep json-schema-faker follows a `$ref` when unrollRefs finds no finite instance. */
const refDepthMax = 3;
// One unrolled copy per response schema: the schema objects live as long as the contract.
const unrolledSchemas = new WeakMap<object, object>();

/**
 * Fakes a value for a schema with json-schema-faker. The same seed gives the same value, whatever
 * else the process has generated before; no seed gives a new value each time. json-schema-faker
 * is loaded on the first fake, so a server that never fakes starts without it. `bundle` is the
 * operation's `__bundled__` (what a recursive schema's `$ref`s point into).
 */
export function fakeBody(
  schema: object,
  seed: number | undefined,
  bundle?: unknown,
  settings: FakerSettings = {},
): MaybePromise<unknown> {
  if (loaded !== undefined) return fake(loaded, schema, seed, bundle, settings);
  loading ??= import('json-schema-faker').then((module) => (loaded = module));
  return loading.then((module) => fake(module, schema, seed, bundle, settings));
}

function fake(
  { generateSync }: Faker,
  schema: object,
  seed: number | undefined,
  bundle: unknown,
  settings: FakerSettings,
): unknown {
  const root = bundle === undefined ? schema : unrolled(schema, bundle);
  // Without a seed json-schema-faker starts from the same one every time: pick a fresh one.
  return generateSync(root as Parameters<typeof generateSync>[0], {
    seed: seed ?? randomInt(2 ** 31),
    optionalsProbability: 0.5,
    refDepthMax,
    // The contract's own `x-json-schema-faker` settings win.
    ...settings,
  });
}

// A recursive schema's cycles point at `#/__bundled__/...`: unroll them a few levels, or, when the
// schema has no finite instance, put the bundle where those pointers look.
function unrolled(schema: object, bundle: unknown): object {
  let root = unrolledSchemas.get(schema);
  if (root === undefined) {
    root = unrollRefs(schema, bundle) ?? { ...schema, __bundled__: bundle };
    unrolledSchemas.set(schema, root);
  }
  return root;
}
