import type { Response } from 'express';

/** What was sent, kept on `res.locals.sent` for the journal. */
export interface SentResponse {
  status: number;
  body: unknown;
}

/** Sends a JSON body (or none when it is undefined) with the given headers. */
export function sendJson(
  res: Response,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): void {
  res.locals.sent = { status, body } satisfies SentResponse;
  res.status(status).set(headers);
  if (body === undefined) {
    res.end();
    return;
  }
  res.type('application/json').send(JSON.stringify(body));
}
