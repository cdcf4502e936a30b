// A stand-in for the real Plant Store, for bench/proxy-overhead.ts: plain node:http, answering
// POST /plants as openapi.yaml describes it (the plant without its id), on the port given (0: a
// free one); prints its URL once it listens. Tests start it as the provider process too.
//   node bench/plant-provider-server.ts PORT
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const port = Number(process.argv[2] ?? 0);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let plant: { id?: unknown; name?: unknown; tag?: unknown } | undefined;
    try {
      plant = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof plant;
    } catch {
      plant = undefined;
    }
    const ok = req.method === 'POST' && typeof plant?.name === 'string';
    const body = ok
      ? JSON.stringify({
          name: plant?.name,
          ...(plant?.tag === undefined ? {} : { tag: plant.tag }),
        })
      : '{"error":400,"message":"a plant needs a name"}';
    res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(body);
  });
}).listen(port, '127.0.0.1', () => {
  const { port: bound } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${String(bound)}` }));
});
