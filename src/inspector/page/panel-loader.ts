import { AdminCallError, type AdminApi } from './admin-api.ts';
import { byId } from './dom.ts';
import { showCoverage, showSessions, showStubs } from './panels.ts';

export interface PanelLoaderDeps {
  api: AdminApi;
  say: (message: string) => void;
  /** The session the panels show (`*` for all). */
  session: () => string;
  /** Requests seen per session. */
  sessionCounts: ReadonlyMap<string, number>;
  /** A session (or `*`) was reset: its entries go. */
  onReset: (session: string) => void;
}

/**
 * Loads the coverage, stubs and sessions panels, and reloads the open one as traffic comes: the
 * coverage panel while it is open, the sessions panel when a session appears (redrawing it for
 * counts alone would take the focus off its buttons), at most once a second.
 *
 * @example
 * const panels = createPanelLoader({ api, say, session: () => '*', sessionCounts, onReset });
 * wireTabs(panels.load);
 * panels.follow(newSession); // after each redraw of the list
 */
export function createPanelLoader({ api, say, session, sessionCounts, onReset }: PanelLoaderDeps) {
  let timer: number | undefined;
  let newSession = false;

  const failed = (error: unknown): void => {
    say(error instanceof AdminCallError ? error.message : `Failed to load: ${String(error)}`);
  };

  async function loadSessions(): Promise<void> {
    const health = (await api.json('GET', '/health')) as { sessions?: { live?: number } };
    showSessions(byId('sessions', HTMLElement), sessionCounts, health.sessions?.live, (name) => {
      api.json('POST', '/reset', name).then(
        () => {
          onReset(name);
          say(name === '*' ? 'Every session was reset.' : `Session ${name} was reset.`);
          return loadSessions();
        },
        (error: unknown) => {
          say(`Failed to reset: ${String(error)}`);
        },
      );
    });
  }

  function load(tabId: string): void {
    if (tabId === 'tab-coverage')
      showCoverage(api, byId('coverage', HTMLElement), session()).catch(failed);
    if (tabId === 'tab-stubs')
      showStubs(api, byId('stubs', HTMLElement), session(), say).catch(failed);
    if (tabId === 'tab-sessions') loadSessions().catch(failed);
  }

  return {
    load,
    /** New entries were shown; `sessionAppeared` when one of them is of a new session. */
    follow(sessionAppeared: boolean): void {
      newSession ||= sessionAppeared;
      const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.id;
      const follows = tab === 'tab-coverage' || (tab === 'tab-sessions' && newSession);
      if (!follows || timer !== undefined) return;
      newSession = false;
      timer = window.setTimeout(() => {
        timer = undefined;
        load(tab);
      }, 1_000);
    },
  };
}
