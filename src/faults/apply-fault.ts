import type { Request, Response } from 'express';
import type { FaultName } from './fault-names.ts';

/** What the journal says about a fault: set on `res.locals.fault`. */
export interface AppliedFault {
  name: FaultName;
  description: string;
}

const descriptions: Record<FaultName, string> = {
  reset: 'the connection was reset without an answer',
  empty: 'the connection was closed without an answer',
  malformed: 'the answer was 200 with a body that is not valid JSON',
  timeout: 'no answer was sent before the client gave up or --max-delay passed',
};

/** The body that a `malformed` fault sends: JSON cut short. */
export const malformedBody = '{"name": "Monstera", "tag": ';

/**
 * Fails the request on purpose, the way a broken upstream would, as a real HTTP client sees it:
 * `reset` (ECONNRESET), `empty` (socket closed, no bytes), `malformed` (200 with broken JSON),
 * `timeout` (nothing until the client gives up, or until `maxDelayMs` when the socket is cut).
 */
export function applyFault(name: FaultName, req: Request, res: Response, maxDelayMs: number): void {
  res.locals.fault = { name, description: descriptions[name] } satisfies AppliedFault;
  const socket = req.socket;
  switch (name) {
    case 'reset':
      socket.resetAndDestroy();
      return;
    case 'empty':
      socket.end(() => socket.destroy());
      return;
    case 'malformed':
      res.locals.sent = { status: 200, body: malformedBody };
      res.status(200).type('application/json').send(malformedBody);
      return;
    case 'timeout': {
      const timer = setTimeout(() => socket.destroy(), maxDelayMs);
      res.once('close', () => {
        clearTimeout(timer);
      });
      return;
    }
  }
}
