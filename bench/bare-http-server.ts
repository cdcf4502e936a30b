// The floor of the start-up bench: Node's own `node:http` answering POST /plants with nothing
// else (bearer check, JSON body, echo), started as the mock is. It prints one JSON line,
// {"url":"http://127.0.0.1:PORT"}, once it listens:
//   node bench/bare-http-server.ts --port 0
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const server = createServer((req, res) => {
  const send = (status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  if (req.method !== 'POST' || req.url !== '/plants') {
    send(404, { error: 404 });
    return;
  }
  if (!/^Bearer\s+\S+/i.test(req.headers.authorization ?? '')) {
    send(401, { error: 401 });
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      const plant = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name?: unknown };
      send(typeof plant.name === 'string' ? 200 : 400, { name: plant.name });
    } catch {
      send(400, { error: 400 });
    }
  });
});

server.listen(Number(values.port), values.host, () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://${values.host}:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
