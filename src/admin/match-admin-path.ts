// Each route's pattern, made once: the token check asks on every admin request.
const patterns = new Map<string, RegExp>();

/**
 * The parameters of an admin path under `/__admin` when it matches a route's Express template
 * (`/requests/:id`), with or without a trailing slash; undefined when it does not.
 *
 * @example
 * adminPathParams('/requests/:id', '/requests/7'); // { id: '7' }
 */
export function adminPathParams(
  template: string,
  path: string,
): Record<string, string> | undefined {
  let pattern = patterns.get(template);
  if (pattern === undefined) {
    const source = template.replace(/\./g, '\\.').replace(/:([^/]+)/g, '(?<$1>[^/]+)');
    patterns.set(template, (pattern = new RegExp(`^${source}/?$`)));
  }
  const match = pattern.exec(path);
  if (match === null) return undefined;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(match.groups ?? {})) {
    params[name] = decoded(value);
  }
  return params;
}

// As Express decodes a parameter; a malformed escape stays as it was written.
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
