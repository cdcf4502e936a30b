import { AdminCallError, type AdminApi } from './admin-api.ts';
import { byId } from './dom.ts';
import type { LiveEntries } from './live-entries.ts';
import { showCoverage, showSessions, showStubs } from './panels.ts';

export interface PanelLoaderDeps {
  api: AdminApi;
  live: LiveEntries;
  say: (message: string) => void;
  /** The session the panels show (the filter's, else every one: `*`). */
  session: () => string;
  /** Called once a reset session's entries have left the list. */
  onForget: () => void;
}

/** Loads the coverage, stubs and sessions panels, and reloads the one that follows the traffic. */
export function createPanelLoader({ api, live, say, session, onForget }: PanelLoaderDeps) {
  let panelTimer: number | undefined;

  function load(tabId: string): void {
    const failed = (error: unknown): void => {
      say(error instanceof AdminCallError ? error.message : `Failed to load: ${String(error)}`);
    };
    if (tabId === 'tab-coverage')
      showCoverage(api, byId('coverage', HTMLElement), session()).catch(failed);
    if (tabId === 'tab-stubs')
      showStubs(api, byId('stubs', HTMLElement), session(), say).catch(failed);
    if (tabId === 'tab-sessions') loadSessions().catch(failed);
  }

  async function loadSessions(): Promise<void> {
    const health = (await api.json('GET', '/health')) as { sessions?: { live?: number } };
    showSessions(
      byId('sessions', HTMLElement),
      live.sessionCounts,
      health.sessions?.live,
      (name) => {
        api.json('POST', '/reset', name).then(
          () => {
            live.forget(name);
            onForget();
            say(name === '*' ? 'Every session was reset.' : `Session ${name} was reset.`);
            return loadSessions();
          },
          (error: unknown) => {
            say(`Failed to reset: ${String(error)}`);
          },
        );
      },
    );
  }

  return {
    load,
    /**
     * At most once a second, the coverage panel follows the traffic and the sessions panel the new
     * sessions (redrawing it for counts alone would take the focus off its buttons).
     */
    followTraffic(): void {
      const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.id;
      if (tab === undefined || panelTimer !== undefined) return;
      if (tab !== 'tab-coverage' && !(tab === 'tab-sessions' && live.sawNewSession())) return;
      panelTimer = window.setTimeout(() => {
        panelTimer = undefined;
        load(tab);
      }, 1_000);
    },
  };
}
