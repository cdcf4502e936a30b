// The floor the bench measures against: the least an Express 5 server needs to do to answer
// POST /plants by the contract (bearer check, JSON body, ajv validation, echo). No Prism, no
// journal, no logs. Run it as its own process:
//   node bench/express-ajv-baseline.ts --port 0     (or PORT=4011 node bench/express-ajv-baseline.ts)
// It prints one JSON line, {"url":"http://127.0.0.1:PORT"}, once it listens.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Ajv } from 'ajv';
import express, { type NextFunction, type Request, type Response } from 'express';

const newPlantSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    tag: { type: 'string' },
  },
};

interface NewPlant {
  id: number;
  name: string;
  tag?: string;
}

const ajv = new Ajv({ allErrors: true });
const validateNewPlant = ajv.compile<NewPlant>(newPlantSchema);

function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ error: status, message });
}

const app = express();
app.disable('x-powered-by');

app.post('/plants', (req, res, next) => {
  const token = /^Bearer\s+(\S+)/i.exec(req.get('authorization') ?? '')?.[1];
  if (token === undefined) {
    res.set('www-authenticate', 'Bearer');
    sendError(res, 401, 'Missing credentials: send the header "Authorization: Bearer <token>".');
    return;
  }
  next();
});

app.post('/plants', express.json(), (req, res) => {
  const body: unknown = req.body;
  if (!validateNewPlant(body)) {
    const message = ajv.errorsText(validateNewPlant.errors, { dataVar: 'body' });
    sendError(res, 400, message);
    return;
  }
  res.json(body.tag === undefined ? { name: body.name } : { name: body.name, tag: body.tag });
});

// express.json() rejects a malformed body with an error that carries its HTTP status.
app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = (error as { status?: unknown }).status;
  const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
  sendError(res, code, error instanceof Error ? error.message : String(error));
});

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } },
});
const port = Number(values.port ?? process.env.PORT ?? 0);

const server = app.listen(port, values.host, () => {
  const address = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://${values.host}:${address.port}` })}\n`);
});

const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
