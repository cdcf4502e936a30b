import fc from 'fast-check';

export const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;

/** One request of the property test, before a server and a request number are given to it. */
export interface GeneratedRequest {
  /** Index of the server (one per mode) that the request goes to. */
  server: number;
  method: (typeof methods)[number];
  /** Path and query, e.g. `/plants?__code=400`. */
  target: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
  /** An OPTIONS request with Origin and Access-Control-Request-Method. */
  preflight: boolean;
}

export const preflightOrigin = 'http://app.example:3000';

// Faults and delays are failures asked for, and slow by design: no generated request names them.
const asksForFailure = /fault|delay/i;

const encoder = new TextEncoder();

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

const garbage = printable.filter((text) => !asksForFailure.test(text));

const plantId = fc.oneof(fc.nat(), fc.maxSafeNat(), fc.integer());

const validPlant = fc.record(
  { id: plantId, name: fc.string(), tag: fc.string() },
  { requiredKeys: ['id', 'name'] },
);

const nearPlant = fc.record(
  {
    id: fc.oneof(plantId, fc.double(), fc.string(), fc.constant(null), fc.boolean()),
    name: fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue()),
    tag: fc.jsonValue(),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

const bodies: fc.Arbitrary<Uint8Array | undefined> = fc.oneof(
  { weight: 3, arbitrary: validPlant.map((plant) => encoder.encode(JSON.stringify(plant))) },
  { weight: 2, arbitrary: nearPlant.map((plant) => encoder.encode(JSON.stringify(plant))) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => encoder.encode(JSON.stringify(value))) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((text) => encoder.encode(text)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 1500 }) },
  // Past the 1 KiB --max-body of the property test's servers.
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1_000, max: 4_000 })
      .map((size) => encoder.encode(JSON.stringify({ id: size, name: 'x'.repeat(size) }))),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const contentTypes = fc.oneof(
  fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
    'application/json; charset=latin1',
    'application/merge-patch+json',
  ),
  printable,
);

const authorizations = fc.oneof(
  fc.constantFrom(undefined, '', 'Bearer x', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer token-2'),
  printable,
);

const preferParts = fc.constantFrom(
  'code=200',
  'code=400',
  'code=401',
  'code=500',
  'code=abc',
  'code=',
  'code',
  'example=monstera',
  'example=fern',
  'example=missingName',
  'example=nope',
  'example=',
  'dynamic=true',
  'dynamic=false',
  'dynamic=maybe',
  'seed=42',
  'seed="x y"',
  'seed=',
  'return=representation',
  'handling=lenient',
  'cdoe=400',
  '__proto__=x',
  'constructor=1',
  '=',
  '',
);

const prefers = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(preferParts, { minLength: 1, maxLength: 4 }), fc.constantFrom(', ', ',', ';'))
      .map(([parts, separator]) => parts.join(separator)),
  },
  { weight: 1, arbitrary: garbage },
);

const sessions = fc.constantFrom(undefined, '', 'alpha', 'beta', '*', '  spaced  ', 'caf\u00e9');

const queryPairs = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom('__code', '__example', '__dynamic', '__seed', 'x', '__proto__'),
      garbage,
    ),
    fc.oneof(fc.constantFrom('200', '400', '500', 'true', 'monstera', ''), garbage),
  ),
  { maxLength: 3 },
);

const paths = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('/plants', '/plants/') },
  {
    weight: 3,
    arbitrary: fc.constantFrom('/plants/x', '/', '/PLANTS', '//plants', '/plants/%zz'),
  },
  { weight: 1, arbitrary: fc.webPath() },
);

const targets = fc
  .tuple(paths, queryPairs)
  .map(([path, pairs]) => {
    if (pairs.length === 0) return path === '' ? '/' : path;
    const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
    return `${path === '' ? '/' : path}?${query.join('&')}`;
  })
  .filter(isUsableTarget);

// The admin API is not under test here (POST /__admin/reset would empty the journal), and a
// target that makes no URL would fail in fetch, before it reaches the server.
function isUsableTarget(target: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(`http://127.0.0.1:1${target}`).pathname;
  } catch {
    return false;
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Keep the raw path: it is not percent-encoded well enough to decode.
  }
  return !/^\/+__admin/i.test(pathname) && !/^\/+__admin/i.test(decoded);
}

function headersOf(fields: Record<string, string | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) headers[name] = value;
  return headers;
}

/** Anything a client could send: mostly hostile, sometimes a well-formed create. */
const chaoticRequest = fc
  .record({
    server: fc.nat(2),
    method: fc.oneof(
      { weight: 3, arbitrary: fc.constant('POST' as const) },
      { weight: 4, arbitrary: fc.constantFrom(...methods) },
    ),
    target: targets,
    body: bodies,
    contentType: contentTypes,
    contentEncoding: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('identity', 'gzip', 'br', 'deflate', 'x-garbage') },
    ),
    authorization: authorizations,
    prefer: prefers,
    session: sessions,
    preflight: fc.boolean(),
    requestMethod: fc.constantFrom('POST', 'GET', 'PUT'),
  })
  .map((r): GeneratedRequest => {
    const withBody = r.method !== 'GET' && r.method !== 'HEAD';
    const preflight = r.method === 'OPTIONS' && r.preflight;
    return {
      server: r.server,
      method: r.method,
      target: r.target,
      body: withBody ? r.body : undefined,
      preflight,
      headers: headersOf({
        'content-type': r.contentType,
        'content-encoding': r.contentEncoding,
        authorization: r.authorization,
        prefer: r.prefer,
        'x-mock-session': r.session,
        origin: preflight ? preflightOrigin : undefined,
        'access-control-request-method': preflight ? r.requestMethod : undefined,
      }),
    };
  });

/** A create the contract accepts, steered only by Prefer and the session. */
const wellFormedCreate = fc
  .record({ server: fc.nat(2), plant: validPlant, prefer: prefers, session: sessions })
  .map(({ server, plant, prefer, session }): GeneratedRequest => ({
    server,
    method: 'POST',
    target: '/plants',
    body: encoder.encode(JSON.stringify(plant)),
    preflight: false,
    headers: headersOf({
      'content-type': 'application/json',
      authorization: 'Bearer x',
      prefer,
      'x-mock-session': session,
    }),
  }));

/** The request generator of the property test. */
export const generatedRequest: fc.Arbitrary<GeneratedRequest> = fc.oneof(
  { weight: 1, arbitrary: wellFormedCreate },
  { weight: 3, arbitrary: chaoticRequest },
);
