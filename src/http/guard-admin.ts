import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../errors.ts';
import type { HostPolicy } from './host-policy.ts';

/**
 * The admin API's guard against web pages, before CORS and before the token: a request whose
 * `Host` a rebinding page could have sent, or that a browser sends for a page of a foreign
 * `Origin`, is refused with 403. CORS echoes any origin (the mock port is for browser apps), so
 * without this any page open in the developer's browser could read the journal and register
 * stubs; a preflight from such a page is refused too, so its request is never sent.
 */
export function guardAdmin(policy: HostPolicy) {
  return function guardAdminRequest(req: Request, _res: Response, next: NextFunction): void {
    const { host, origin } = req.headers;
    const refusal = !policy.allowsHost(host)
      ? `the Host "${host ?? ''}" is not an allowed host name (a guard against DNS rebinding). Make sure to reach the mock by localhost, an IP address or a name without dots, or add the name to --allowed-hosts.`
      : origin !== undefined && !policy.allowsOrigin(origin, host)
        ? `it comes from a web page of origin "${origin}", and only pages of allowed hosts may use the admin API. Make sure to call it from test code, or add the page's host name to --allowed-hosts.`
        : undefined;
    next(
      refusal === undefined
        ? undefined
        : new HttpError('FORBIDDEN_HOST', `Failed to accept the admin request: ${refusal}`),
    );
  };
}
