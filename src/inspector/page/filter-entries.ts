import type { Entry } from './entry.ts';

/** The filters of the traffic list; an empty string matches everything. */
export interface Filters {
  session: string;
  operation: string;
  /** `2xx`, `4xx`, `5xx`, `0` (not answered) or empty. */
  statusClass: string;
  /** `valid`, `invalid` or empty. */
  verdict: string;
  text: string;
}

export const noFilters: Filters = {
  session: '',
  operation: '',
  statusClass: '',
  verdict: '',
  text: '',
};

const haystacks = new WeakMap<Entry, string>();

// What free text searches in, made once per entry: its summary and the start of its bodies.
function haystackOf(entry: Entry): string {
  let text = haystacks.get(entry);
  if (text === undefined) {
    const { request, response } = entry;
    text = [
      entry.id,
      entry.session,
      entry.operationId ?? '',
      request.method,
      request.path,
      String(response.status),
      entry.source,
      bodyText(request.body),
      bodyText(response.body),
      ...entry.contract.request.violations.map((v) => `${v.location} ${v.message}`),
      ...entry.contract.response.violations.map((v) => `${v.location} ${v.message}`),
    ]
      .join(' ')
      .toLowerCase();
    haystacks.set(entry, text);
  }
  return text;
}

function bodyText(body: unknown): string {
  if (body === null || body === undefined) return '';
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.slice(0, 4096);
}

/** Whether the entry passes every filter. */
export function matches(entry: Entry, filters: Filters): boolean {
  if (filters.session !== '' && entry.session !== filters.session) return false;
  if (filters.operation !== '' && (entry.operationId ?? '') !== filters.operation) return false;
  if (filters.statusClass !== '') {
    const status = entry.response.status;
    const statusClass = status === 0 ? '0' : `${String(Math.floor(status / 100))}xx`;
    if (statusClass !== filters.statusClass) return false;
  }
  if (filters.verdict !== '') {
    const valid = entry.contract.request.valid && entry.contract.response.valid;
    if ((filters.verdict === 'valid') !== valid) return false;
  }
  const text = filters.text.trim().toLowerCase();
  return text === '' || haystackOf(entry).includes(text);
}
