/** `12:03:04.567` of an ISO time; the text itself when it is not one. */
export function clockTime(iso: string): string {
  const match = /T(\d\d:\d\d:\d\d(?:\.\d{1,3})?)/.exec(iso);
  return match?.[1] ?? iso;
}

/** `2xx`, `4xx`, ... or `none` for a request that was not answered. */
export function statusClassOf(status: number): string {
  return status === 0 ? 'none' : `${String(Math.floor(status / 100))}xx`;
}

/** `1.3 ms`, `250 ms`, `2.1 s`. */
export function duration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return ms >= 10 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}
