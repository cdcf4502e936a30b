import { HttpError } from '../errors.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';
import { integerParameter, wantsSummary } from './query-parameters.ts';

/**
 * GET /__admin/events: the session's journal entries (every session's with `*`) as server-sent
 * events, one `data:` event per entry as it is journaled, in the shape of GET /__admin/requests
 * entries; with `?fields=summary`, without their query, headers and bodies. With `?maxRate=N`, at
 * most N entries a second, and a `skipped` event counts the others. A client that does not read
 * is dropped (see createEventHub); past --event-client-limit clients, one more is answered 503.
 *
 * @example
 * // curl -N http://127.0.0.1:4010/__admin/events?session=*
 * // data: {"id":"1","receivedAt":"...","session":"default",...}
 */
export function streamEvents({ deps, session, query }: AdminContext): AdminReply {
  const summary = wantsSummary(query);
  const maxRate = integerParameter(query, 'maxRate', 1);
  if (!deps.events.hasRoom()) {
    const { limit } = deps.events.stats();
    throw new HttpError(
      'TOO_MANY_EVENT_CLIENTS',
      `Failed to open the event stream: ${String(limit)} streams are open, as many as --event-client-limit allows. Make sure to close the streams nobody reads (a client that stops reading is dropped), or raise --event-client-limit.`,
      { headers: { 'retry-after': '2' } },
    );
  }
  return {
    status: 200,
    respond(res) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies such as nginx would hold the events back to fill their buffers.
        'x-accel-buffering': 'no',
      });
      // The comment sends the headers now, so that the client knows the stream is open.
      res.write(`: events of session ${JSON.stringify(session)}\n\n`);
      deps.events.subscribe(session, res, {
        summary,
        ...(maxRate === undefined ? {} : { maxRate }),
      });
    },
  };
}
