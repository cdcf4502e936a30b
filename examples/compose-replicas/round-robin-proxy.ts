// A load balancer in a few lines (Node 24 runs it as it is, stripping the types), for the example only: each request goes to the next of
// UPSTREAMS (host:port,host:port) in turn, and the answer says which one served it in
// `x-upstream`. Listens on PORT (default 4010).
import { createServer, request } from 'node:http';

const upstreams = (process.env.UPSTREAMS ?? '').split(',').filter(Boolean);
let next = 0;

createServer((req, res) => {
  const upstream = upstreams[next++ % upstreams.length] ?? '';
  const [hostname, port] = upstream.split(':');
  const forwarded = request(
    { hostname, port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream });
      answer.pipe(res);
    },
  );
  forwarded.on('error', (error: Error) => {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 502, message: `${upstream}: ${error.message}` }));
  });
  req.pipe(forwarded);
}).listen(Number(process.env.PORT ?? 4010), '0.0.0.0');
