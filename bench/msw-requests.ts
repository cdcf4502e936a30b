// One lane of bench/msw-suite.ts's request loop, in a process of its own: creates sent one after
// another (a valid one, then an invalid one) to the contract's MSW handlers, a fixed-JSON msw
// handler answering at once (`floor`) or one event-loop turn later, as the handlers do, so that
// undici keeps its mocked connection (`floor-kept`, msw's own floor), or an in-process server;
// prints {"wallMs","cpuMs"} per request.
//   node bench/msw-requests.ts DIST_DIR handlers|floor|floor-kept|server REQUESTS
import { pathToFileURL } from 'node:url';

const [dist, lane, count] = process.argv.slice(2);
const requests = Number(count ?? 200);
const lanes = ['handlers', 'floor', 'floor-kept', 'server'];
if (dist === undefined || !lanes.includes(lane ?? '')) {
  throw new Error(`Usage: node bench/msw-requests.ts DIST_DIR ${lanes.join('|')} REQUESTS`);
}
const load = async <T>(path: string): Promise<T> =>
  (await import(pathToFileURL(`${dist}/${path}`).href)) as T;
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' };

async function open(): Promise<{ url: string; close: () => Promise<void> }> {
  if (lane === 'server') {
    const { startMockServer } = await load<typeof import('../src/index.ts')>('index.js');
    const server = await startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
    return { url: server.url, close: () => server.close() };
  }
  const { http, HttpResponse } = await import('msw');
  const { setupServer } = await import('msw/node');
  const { createContractHandlers } =
    await load<typeof import('../src/msw/index.ts')>('msw/index.js');
  const mock = createContractHandlers({ baseUrl: 'http://api.test' });
  await mock.ready();
  const fixed = http.post('http://api.test/plants', async () => {
    if (lane === 'floor-kept') await new Promise((resolve) => setImmediate(resolve));
    return HttpResponse.json({ name: 'Monstera' });
  });
  const network = setupServer(...(lane === 'handlers' ? mock.handlers : [fixed]));
  network.listen({ onUnhandledFrame: 'error' });
  return {
    url: 'http://api.test',
    close: () => {
      network.close();
      return Promise.resolve();
    },
  };
}

async function send(url: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    const body = i % 2 === 0 ? { id: i, name: 'Monstera' } : { id: i };
    const response = await fetch(`${url}/plants`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    await response.text();
  }
}

const target = await open();
await send(target.url, Math.min(100, requests)); // warm-up: the JIT, the contract's first use
const cpu = process.cpuUsage();
const started = performance.now();
await send(target.url, requests);
const wallMs = (performance.now() - started) / requests;
const used = process.cpuUsage(cpu);
await target.close();
process.stdout.write(
  `${JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 / requests })}\n`,
);
