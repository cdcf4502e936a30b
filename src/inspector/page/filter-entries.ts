import { bodyText } from '../../interactions/har-entry.ts';
import type { Entry } from './entry.ts';
import { statusClassOf } from './format-entry.ts';

/** The filters of the traffic list; an empty string matches everything. */
export interface Filters {
  session: string;
  operation: string;
  /** `2xx`, `4xx`, `5xx`, `none` (not answered) or empty. */
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
      startOf(request.body),
      startOf(response.body),
      ...entry.contract.request.violations.map((v) => `${v.location} ${v.message}`),
      ...entry.contract.response.violations.map((v) => `${v.location} ${v.message}`),
    ]
      .join(' ')
      .toLowerCase();
    haystacks.set(entry, text);
  }
  return text;
}

const startOf = (body: unknown): string => (bodyText(body) ?? '').slice(0, 4096);

/** Whether the entry passes every filter. */
export function matches(entry: Entry, filters: Filters): boolean {
  if (filters.session !== '' && entry.session !== filters.session) return false;
  if (filters.operation !== '' && (entry.operationId ?? '') !== filters.operation) return false;
  if (filters.statusClass !== '' && statusClassOf(entry.response.status) !== filters.statusClass)
    return false;
  if (filters.verdict !== '') {
    const valid = entry.contract.request.valid && entry.contract.response.valid;
    if ((filters.verdict === 'valid') !== valid) return false;
  }
  const text = filters.text.trim().toLowerCase();
  return text === '' || haystackOf(entry).includes(text);
}
