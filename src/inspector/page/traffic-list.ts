import { h } from './dom.ts';
import type { Entry } from './entry.ts';
import { clockTime, duration, statusClassOf } from './format-entry.ts';
import { visibleText } from './copy-formats.ts';

const rowHeight = 32;
const overscan = 6;

/**
 * The traffic rows, newest first, as a listbox that renders only the rows in view (and a few
 * around them): 10,000 entries cost 10,000 array slots, not 10,000 elements. Arrow keys, Page
 * Up/Down, Home and End move the selection; Enter or a click opens the entry.
 */
export function createTrafficList(container: HTMLElement, onOpen: (entry: Entry) => void) {
  let entries: readonly Entry[] = [];
  let active = -1;
  let scheduled = false;
  const spacer = h('div', { class: 'spacer' });
  container.append(spacer);
  const rows = new Map<number, HTMLElement>();

  function rowOf(entry: Entry, index: number): HTMLElement {
    const { request, response, contract } = entry;
    const row = h(
      'div',
      {
        role: 'option',
        id: `row-${String(index)}`,
        class: `row status-${statusClassOf(response.status)}`,
        'aria-selected': String(index === active),
        'data-id': entry.id,
        'data-status': String(response.status),
        'data-request': contract.request.valid ? 'valid' : 'invalid',
        'data-response': contract.response.valid ? 'valid' : 'invalid',
      },
      h('span', { class: 'c-time' }, clockTime(entry.receivedAt)),
      h('span', { class: 'c-session' }, visibleText(entry.session)),
      h('span', { class: 'c-method' }, request.method),
      h('span', { class: 'c-path' }, visibleText(request.path)),
      h('span', { class: 'c-status' }, response.status === 0 ? '—' : String(response.status)),
      h('span', { class: 'c-duration' }, duration(entry.durationMs)),
      h('span', { class: 'c-source' }, visibleText(entry.source)),
      h(
        'span',
        { class: 'c-verdict' },
        mark('req', contract.request.valid),
        mark('res', contract.response.valid),
      ),
    );
    row.style.transform = `translateY(${String(index * rowHeight)}px)`;
    row.addEventListener('click', () => {
      select(index);
      onOpen(entry);
    });
    return row;
  }

  function render(): void {
    scheduled = false;
    spacer.style.height = `${String(entries.length * rowHeight)}px`;
    const first = Math.max(0, Math.floor(container.scrollTop / rowHeight) - overscan);
    const last = Math.min(
      entries.length,
      Math.ceil((container.scrollTop + container.clientHeight) / rowHeight) + overscan,
    );
    for (const [index, row] of rows) {
      if (index < first || index >= last || row.dataset.id !== entries[index]?.id) {
        row.remove();
        rows.delete(index);
      }
    }
    for (let index = first; index < last; index++) {
      const entry = entries[index];
      if (entry === undefined) continue;
      const existing = rows.get(index);
      if (existing !== undefined) {
        existing.setAttribute('aria-selected', String(index === active));
        continue;
      }
      const row = rowOf(entry, index);
      rows.set(index, row);
      container.append(row);
    }
    if (active >= 0 && active < entries.length) {
      container.setAttribute('aria-activedescendant', `row-${String(active)}`);
    } else container.removeAttribute('aria-activedescendant');
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(render);
  }

  function select(index: number): void {
    if (entries.length === 0) return;
    active = Math.max(0, Math.min(entries.length - 1, index));
    const top = active * rowHeight;
    if (top < container.scrollTop) container.scrollTop = top;
    else if (top + rowHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = top + rowHeight - container.clientHeight;
    }
    render();
  }

  container.addEventListener('scroll', schedule, { passive: true });
  new ResizeObserver(schedule).observe(container);
  container.addEventListener('keydown', (event) => {
    const page = Math.max(1, Math.floor(container.clientHeight / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: entries.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      select(target);
      return;
    }
    const entry = entries[active];
    if ((event.key === 'Enter' || event.key === ' ') && entry !== undefined) {
      event.preventDefault();
      onOpen(entry);
    }
  });
  container.addEventListener('focus', () => {
    if (active < 0 && entries.length > 0) select(0);
  });

  return {
    /** Shows these entries (newest first), keeping the selected entry selected if it is there. */
    setEntries(next: readonly Entry[]): void {
      const selected = entries[active];
      // Scrolled down, the rows in view stay in view as newer ones arrive above them.
      const topIndex = Math.floor(container.scrollTop / rowHeight);
      const top = container.scrollTop > 0 ? entries[topIndex] : undefined;
      entries = next;
      active = selected === undefined ? -1 : next.indexOf(selected);
      if (top !== undefined) {
        const moved = next.indexOf(top);
        if (moved > topIndex) {
          spacer.style.height = `${String(next.length * rowHeight)}px`;
          container.scrollTop += (moved - topIndex) * rowHeight;
        }
      }
      for (const row of rows.values()) row.remove();
      rows.clear();
      schedule();
    },
    /** How many rows are in the document now: a window, whatever the entries. */
    get renderedRows(): number {
      return rows.size;
    },
  };
}

function mark(side: 'req' | 'res', valid: boolean): HTMLElement {
  const said = `${side === 'req' ? 'request' : 'response'} ${valid ? 'valid' : 'invalid'}`;
  return h(
    'span',
    { class: `mark ${valid ? 'ok' : 'bad'}`, title: said },
    h('span', { 'aria-hidden': 'true' }, `${side} ${valid ? '✓' : '✗'}`),
    // What a screen reader says instead of the mark.
    h('span', { class: 'sr-only' }, said),
  );
}
