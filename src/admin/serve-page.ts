import { readFile } from 'node:fs/promises';
import { packageUrl } from '../package-file.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';
import { HttpError } from '../errors.ts';

// Built by `npm run build` (scripts/build-inspector.ts): the page is always the built one.
const pageFolder = packageUrl('dist/inspector/page/');

// A Map, so that a name such as `__proto__` or `toString` is no asset.
const assets = new Map([
  ['index.html', 'text/html; charset=utf-8'],
  ['app.js', 'text/javascript; charset=utf-8'],
  ['app.css', 'text/css; charset=utf-8'],
]);

// The page loads its own script and style, and talks to its own origin only.
const contentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const loaded = new Map<string, Promise<Buffer>>();

/**
 * GET /__admin/inspector and its assets: the live inspector page. Open without the admin token
 * (the page holds no data; it asks for the token when the API answers 401).
 *
 * @example
 * // open http://127.0.0.1:4010/__admin/inspector
 */
export async function servePage({ params }: AdminContext): Promise<AdminReply> {
  const name = params.asset ?? 'index.html';
  const type = assets.get(name);
  if (type === undefined) {
    throw new HttpError(
      'NOT_FOUND',
      `The inspector has no asset ${JSON.stringify(name)}. Make sure to open /__admin/inspector.`,
    );
  }
  let body: Buffer;
  try {
    body = await load(name);
  } catch (cause) {
    loaded.delete(name);
    throw new HttpError(
      'INTERNAL',
      `Failed to serve the inspector page: ${name} is not built (${(cause as NodeJS.ErrnoException).code ?? String(cause)}). Make sure to run "npm run build".`,
      { cause },
    );
  }
  return {
    status: 200,
    respond(res) {
      res.writeHead(200, {
        'content-type': type,
        'content-length': body.length,
        'cache-control': 'no-cache',
        'content-security-policy': contentSecurityPolicy,
        'referrer-policy': 'no-referrer',
      });
      res.end(body);
    },
  };
}

function load(name: string): Promise<Buffer> {
  let body = loaded.get(name);
  if (body === undefined) loaded.set(name, (body = readFile(new URL(name, pageFolder))));
  return body;
}
