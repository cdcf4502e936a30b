import { isIP } from 'node:net';
import { hostname as machineHostname } from 'node:os';

/**
 * Names no public DNS resolves (RFC 6761 localhost and test, RFC 6762 local, RFC 8375 home.arpa,
 * ICANN's internal): a page on the web cannot rebind one of them to the mock, so they are safe
 * to allow without being listed. Docker's host.docker.internal and Kubernetes' *.svc.cluster.local
 * fall under them.
 */
const privateSuffixes = ['.localhost', '.local', '.internal', '.test', '.home.arpa'];

/** Which Host and Origin headers the admin API accepts (see hostPolicy). */
export interface HostPolicy {
  /** Whether a request's `Host` header names the mock in a way no rebound page can. */
  allowsHost(host: string | undefined): boolean;
  /** Whether a browser page of this `Origin` may call the admin API. */
  allowsOrigin(origin: string, host: string | undefined): boolean;
}

/**
 * The DNS-rebinding and cross-site guard of the admin API. A rebinding page reaches the mock
 * through a public domain name it controls, so the Host is allowed when it is an IP literal, a
 * name without a dot (localhost, a compose service such as `mock`), a reserved private name
 * (`*.localhost`, `*.internal`, ...), this machine's hostname, the listen host, or one of
 * `extra` (`--allowed-hosts`: exact names, `.example.com` or `*.example.com` for a domain and its
 * subdomains, `*` for any). An Origin, the page that sends the request, must pass the same names,
 * except that an IP literal passes only when it is loopback or the very host the request went to:
 * a page served from a public IP is as foreign as one served from a public name.
 *
 * @example
 * const policy = hostPolicy(['mock.example.com'], '127.0.0.1');
 * policy.allowsHost('mock:4010'); // true
 * policy.allowsHost('attacker.example:4010'); // false
 * policy.allowsOrigin('http://localhost:5173', 'localhost:4010'); // true
 */
export function hostPolicy(extra: readonly string[], listenHost: string): HostPolicy {
  if (extra.includes('*')) return { allowsHost: () => true, allowsOrigin: () => true };
  const exact = new Set([machineHostname().toLowerCase(), normalName(listenHost)]);
  const suffixes = [...privateSuffixes];
  for (const entry of extra) {
    const name = normalName(entry);
    if (name.startsWith('*.')) suffixes.push(name.slice(1));
    else if (name.startsWith('.')) suffixes.push(name);
    else exact.add(name);
    if (name.startsWith('.') || name.startsWith('*.')) exact.add(name.replace(/^\*?\./, ''));
  }
  function allowsName(name: string): boolean {
    return (
      !name.includes('.') ||
      exact.has(name) ||
      suffixes.some((suffix) => name.endsWith(suffix) && name.length > suffix.length)
    );
  }
  return {
    allowsHost(host) {
      // HTTP/1.0 clients may send none; a browser always does.
      if (host === undefined) return true;
      const name = hostnameOf(host);
      if (name === undefined) return false;
      return isIP(unbracketed(name)) !== 0 || allowsName(name);
    },
    allowsOrigin(origin, host) {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        // `null` (a sandboxed frame, a file:// page) and anything else unreadable.
        return false;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      const name = normalName(url.hostname);
      const ip = unbracketed(name);
      if (isIP(ip) !== 0) {
        return isLoopback(ip) || (host !== undefined && hostnameOf(host) === name);
      }
      return allowsName(name);
    },
  };
}

// Lower case, without the trailing dot of a fully qualified name.
function normalName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

// The name of a Host header: `[::1]:4010` gives `[::1]`, `Mock:4010` gives `mock`.
function hostnameOf(host: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match?.[1] === undefined ? undefined : normalName(match[1]);
}

function unbracketed(name: string): string {
  return name.startsWith('[') ? name.slice(1, -1) : name;
}

function isLoopback(ip: string): boolean {
  return ip.startsWith('127.') || ip === '::1' || ip.startsWith('::ffff:127.');
}
