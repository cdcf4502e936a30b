import type { Request } from 'express';

export const defaultSession = 'default';

/** The session a request belongs to: its `X-Mock-Session` header, else `default`. */
export function sessionOf(req: Request): string {
  const header = req.get('x-mock-session')?.trim();
  if (header !== undefined && header !== '') return header;
  return defaultSession;
}
