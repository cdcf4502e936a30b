/**
 * The conventional file name of a pact: `CONSUMER-PROVIDER.json`, with characters that are
 * unsafe in a file name replaced by `_`.
 *
 * @example
 * pactFileName('checkout web', 'Plant Store'); // 'checkout_web-Plant_Store.json'
 */
export function pactFileName(consumer: string, provider: string): string {
  const safe = (name: string): string => name.replace(/[^\w.-]/g, '_');
  return `${safe(consumer)}-${safe(provider)}.json`;
}
