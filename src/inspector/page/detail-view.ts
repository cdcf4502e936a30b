import { toCurl, toHar, toVerifyPattern, visibleText } from './copy-formats.ts';
import { button, h } from './dom.ts';
import type { AdminApi } from './admin-api.ts';
import { entryOf, type Entry, type Verdict } from './entry.ts';
import { clockTime, duration } from './format-entry.ts';
import { bodyView } from './json-view.ts';

/**
 * The detail of one interaction: verdicts with every violation and its location, the contract
 * hash, headers and bodies, and the copy buttons.
 */
export function createDetailView(
  panel: HTMLElement,
  copy: (what: string, text: string) => void,
  version: () => string,
) {
  return {
    show(entry: Entry, note?: string): void {
      const { request, response, contract } = entry;
      const heading = h(
        'h2',
        { id: 'detail-heading', tabindex: '-1' },
        `${request.method} ${visibleText(request.path)} → ${response.status === 0 ? 'not answered' : String(response.status)}`,
      );
      panel.replaceChildren(
        heading,
        h(
          'p',
          { class: 'meta' },
          `#${entry.id} · ${clockTime(entry.receivedAt)} · ${duration(entry.durationMs)} · session ${visibleText(entry.session)} · ${entry.operationId ?? 'no operation'} · source ${visibleText(entry.source)}`,
        ),
        ...(note === undefined ? [] : [h('p', { class: 'note' }, note)]),
        h(
          'div',
          { class: 'actions' },
          button('Copy as curl', () => {
            copy('curl command', toCurl(entry));
          }),
          button('Copy as verify pattern', () => {
            copy('verify pattern', toVerifyPattern(entry));
          }),
          button('Copy as HAR', () => {
            copy('HAR', toHar(entry, version()));
          }),
        ),
        h(
          'section',
          { class: 'verdicts', 'aria-label': 'Contract verdicts' },
          verdictView('Request', contract.request),
          verdictView('Response', contract.response),
          h('p', { class: 'meta' }, 'Contract hash ', h('code', {}, contract.hash)),
        ),
        h('h3', {}, 'Request headers'),
        headersView(request.headers),
        h('h3', {}, 'Request body'),
        bodyView(request.body, request.truncated === true),
        h('h3', {}, 'Response headers'),
        headersView(response.headers),
        h('h3', {}, 'Response body'),
        bodyView(response.body, response.truncated === true),
      );
      panel.hidden = false;
      heading.focus();
    },
  };
}

function verdictView(side: string, verdict: Verdict): HTMLElement {
  const title = h(
    'h3',
    { class: verdict.valid ? 'ok' : 'bad' },
    `${side}: ${verdict.valid ? '✓ meets the contract' : `✗ ${String(verdict.violations.length)} violation${verdict.violations.length === 1 ? '' : 's'}`}`,
  );
  if (verdict.violations.length === 0) return h('div', {}, title);
  return h(
    'div',
    {},
    title,
    h(
      'ul',
      { class: 'violations' },
      ...verdict.violations.map((v) =>
        h(
          'li',
          {},
          h('code', { class: 'location' }, visibleText(v.location)),
          ' ',
          visibleText(v.message),
        ),
      ),
    ),
  );
}

function headersView(headers: Record<string, string>): HTMLElement {
  const names = Object.keys(headers);
  if (names.length === 0) return h('p', { class: 'muted' }, 'None.');
  return h(
    'dl',
    { class: 'headers' },
    ...names.flatMap((name) => [
      h('dt', {}, visibleText(name)),
      h('dd', {}, visibleText(String(headers[name]))),
    ]),
  );
}

/**
 * Shows an entry: a summary from the event stream is completed from the journal; if the journal
 * has dropped it meanwhile, the summary is what there is to show.
 */
export async function openEntry(
  detail: ReturnType<typeof createDetailView>,
  api: AdminApi,
  entry: Entry,
): Promise<void> {
  if (entry.summary !== true) {
    detail.show(entry);
    return;
  }
  try {
    const whole = entryOf(
      await api.json('GET', `/requests/${encodeURIComponent(entry.id)}`, entry.session),
    );
    detail.show(whole ?? entry);
  } catch {
    detail.show(
      entry,
      'The journal no longer holds this request: its headers and bodies are gone.',
    );
  }
}
