import type { CoverageReport } from '../../interactions/coverage-report.ts';
import type { AdminApi } from './admin-api.ts';
import { visibleText } from './copy-formats.ts';
import { button, h } from './dom.ts';

/**
 * The coverage panel: per operation, each declared status and 401, answered how often;
 * the ones never answered stand out.
 */
export async function showCoverage(api: AdminApi, panel: HTMLElement, session: string) {
  const report = (await api.json('GET', '/coverage', session)) as CoverageReport;
  const rows = report.operations.map((operation) =>
    h(
      'tr',
      {},
      h(
        'th',
        { scope: 'row' },
        h('code', {}, `${operation.method.toUpperCase()} ${operation.path}`),
        h('br', {}),
        h('span', { class: 'muted' }, operation.operationId),
      ),
      h(
        'td',
        {},
        h(
          'ul',
          { class: 'statuses' },
          ...Object.entries(operation.responses).map(([status, count]) =>
            h(
              'li',
              {
                class: count > 0 ? 'covered' : 'uncovered',
                'data-operation': operation.operationId,
                'data-status': status,
                'data-covered': String(count > 0),
              },
              `${status}: ${count > 0 ? `✓ ${String(count)}×` : '✗ never'}`,
            ),
          ),
        ),
        operation.violations > 0
          ? h('p', { class: 'bad' }, `${String(operation.violations)} contract-violating answers`)
          : null,
      ),
    ),
  );
  const caption = session === '*' ? 'Coverage of all sessions' : `Coverage of session ${session}`;
  panel.replaceChildren(table(caption, ['Operation', 'Statuses'], rows, { class: 'coverage' }));
}

function table(
  caption: string,
  headings: readonly string[],
  rows: readonly HTMLElement[],
  attributes: Record<string, string> = {},
): HTMLTableElement {
  return h(
    'table',
    attributes,
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...headings.map((heading) => h('th', { scope: 'col' }, heading)))),
    h('tbody', {}, ...rows),
  );
}

interface Stub {
  id: string;
  session: string;
  pattern: unknown;
  response?: { status: number };
  fault?: string;
  times?: number;
  uses: number;
  priority?: number;
}

/**
 * The stubs panel: each stub with its pattern, remaining uses and hits, and a button to remove it.
 */
export async function showStubs(
  api: AdminApi,
  panel: HTMLElement,
  session: string,
  say: (message: string) => void,
): Promise<void> {
  const { stubs } = (await api.json('GET', '/stubs', session)) as { stubs: Stub[] };
  if (stubs.length === 0) {
    panel.replaceChildren(h('p', { class: 'muted' }, 'No stubs.'));
    return;
  }
  const items = stubs.map((stub) => {
    const remove = button(
      'Remove',
      () => {
        api.json('DELETE', `/stubs/${encodeURIComponent(stub.id)}`, stub.session).then(
          () => {
            say(`Stub ${stub.id} removed.`);
            return showStubs(api, panel, session, say);
          },
          (error: unknown) => {
            say(`Failed to remove stub ${stub.id}: ${String(error)}`);
          },
        );
      },
      { 'aria-label': `Remove stub ${stub.id}` },
    );
    const answer =
      stub.fault === undefined
        ? `answers ${String(stub.response?.status ?? '')}`
        : `fault ${stub.fault}`;
    const left = stub.times === undefined ? 'unlimited' : `${String(stub.times - stub.uses)} left`;
    return h(
      'li',
      { class: 'stub', 'data-stub': stub.id },
      h('h3', {}, `Stub ${stub.id} · ${answer}`),
      h(
        'p',
        { class: 'meta' },
        `session ${visibleText(stub.session)} · ${String(stub.uses)} hits · ${left} · priority ${String(stub.priority ?? 5)}`,
      ),
      h('pre', { class: 'text-body' }, visibleText(JSON.stringify(stub.pattern, null, 2))),
      remove,
    );
  });
  panel.replaceChildren(h('ul', { class: 'stubs' }, ...items));
}

/**
 * The sessions panel: each session the page has seen traffic of, with its count, and resets
 * (each asks for confirmation first).
 */
export function showSessions(
  panel: HTMLElement,
  counts: ReadonlyMap<string, number>,
  live: number | undefined,
  reset: (session: string) => void,
): void {
  const resetButton = (session: string, label: string): HTMLButtonElement =>
    button(
      label,
      () => {
        const what = session === '*' ? 'every session' : `session "${session}"`;
        if (
          window.confirm(
            `Reset ${what}? Its journal, coverage and stubs are cleared and its store goes back to the fixtures.`,
          )
        ) {
          reset(session);
        }
      },
      { class: 'danger' },
    );
  const rows = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([session, count]) =>
      h(
        'tr',
        { 'data-session': session },
        h('th', { scope: 'row' }, visibleText(session)),
        h('td', {}, String(count)),
        h('td', {}, resetButton(session, `Reset ${session}`)),
      ),
    );
  panel.replaceChildren(
    h(
      'p',
      { class: 'meta' },
      live === undefined ? '' : `${String(live)} sessions hold state on the mock. `,
      'Counts are of the requests this page has seen.',
    ),
    table('Sessions', ['Session', 'Requests', 'Reset'], rows),
    resetButton('*', 'Reset all sessions'),
  );
}
