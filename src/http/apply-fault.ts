import type { Exchange } from '../pipeline/exchange.ts';
import { sendAnswerText } from './send-answer.ts';
import { appliedFault, type FaultName } from '../responders/fault-names.ts';

// Responses held by a `timeout` fault: nothing will ever be sent, so a server that closes ends
// them at once instead of waiting out its grace period (see endHeldFaults).
const held = new Set<Exchange['res']>();

/**
 * Ends the connections held by `timeout` faults now, as a client that gives up would (the journal
 * records them as the fault). A closing server calls it: they would never answer.
 */
export function endHeldFaults(belongs: (res: Exchange['res']) => boolean): void {
  for (const res of held) if (belongs(res)) res.socket?.destroy();
}

/** The body that a `malformed` fault sends: JSON cut short. */
export const malformedBody = '{"name": "Monstera", "tag": ';

/** What an `unavailable` fault answers, with status 503: the shape of the contract's errors. */
export const unavailableBody = { error: 503, message: 'Service Unavailable' };
const unavailableText = JSON.stringify(unavailableBody);

/**
 * Fails the request on purpose, the way a broken upstream would, as a real HTTP client sees it:
 * `reset` (ECONNRESET), `empty` (socket closed, no bytes), `malformed` (200 with broken JSON),
 * `unavailable` (503 with a JSON error body, what a retry is for),
 * `timeout` (nothing until the client gives up, or until the socket is cut `holdMs` later: the
 * caller passes what is left of --max-delay after any delay, so that a connection is held at most
 * --max-delay in all).
 *
 * @example
 * applyFault('reset', exchange, 30_000); // the client sees ECONNRESET
 */
export function applyFault(name: FaultName, exchange: Exchange, holdMs: number): void {
  exchange.fault = appliedFault(name);
  const { res } = exchange;
  const socket = exchange.req.socket;
  switch (name) {
    case 'reset':
      socket.resetAndDestroy();
      return;
    case 'empty':
      socket.end(() => socket.destroy());
      return;
    case 'malformed':
      sendAnswerText(exchange, 200, malformedBody, malformedBody);
      return;
    case 'unavailable':
      sendAnswerText(exchange, 503, unavailableText, unavailableBody);
      return;
    case 'timeout': {
      const timer = setTimeout(() => socket.destroy(), Math.max(0, holdMs));
      held.add(res);
      res.once('close', () => {
        clearTimeout(timer);
        held.delete(res);
      });
      return;
    }
  }
}
