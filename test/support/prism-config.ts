/**
 * A fresh config for Prism in-process, as the differential tests use it: a static mock that checks
 * credentials and requests, not answers, and no proxy. Prism writes into the config it is given
 * (the Accept header into `mock`): make one per request.
 *
 * @example
 * await prism.request(request, resources, prismConfig({ mock: { dynamic: false, code: 404 } }))();
 */
export function prismConfig(
  overrides: Partial<{
    mock: { dynamic: boolean; [preference: string]: unknown };
    checkSecurity: boolean;
    validateRequest: boolean;
    validateResponse: boolean;
    errors: boolean;
  }> = {},
) {
  return {
    mock: { dynamic: false },
    checkSecurity: true,
    validateRequest: true,
    validateResponse: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false as const,
    ...overrides,
  };
}
