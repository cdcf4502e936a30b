import { byId, h } from './dom.ts';
import type { Filters } from './filter-entries.ts';

/** Reads the filter form on every change. */
export function wireFilters(onChange: (filters: Filters) => void): void {
  const read = (): void => {
    onChange({
      session: byId('f-session', HTMLSelectElement).value,
      operation: byId('f-operation', HTMLSelectElement).value,
      statusClass: byId('f-status', HTMLSelectElement).value,
      verdict: byId('f-verdict', HTMLSelectElement).value,
      text: byId('f-text', HTMLInputElement).value,
    });
  };
  const form = byId('filters', HTMLFormElement);
  form.addEventListener('input', read);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
  });
}

/** The view tabs: a click, or the arrow keys, shows a tab's panel and loads it. */
export function wireTabs(load: (tabId: string) => void): void {
  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (tab: HTMLButtonElement): void => {
    for (const each of tabs) {
      const chosen = each === tab;
      each.setAttribute('aria-selected', String(chosen));
      each.tabIndex = chosen ? 0 : -1;
      byId(each.getAttribute('aria-controls') ?? '', HTMLElement).hidden = !chosen;
    }
    load(tab.id);
  };
  for (const [index, tab] of tabs.entries()) {
    tab.addEventListener('click', () => {
      select(tab);
    });
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      const next = tabs[(index + step + tabs.length) % tabs.length];
      if (next === undefined) return;
      next.focus();
      select(next);
    });
  }
}

/** A filter's choices: `all`, then every value seen so far, sorted; the chosen one stays chosen. */
export function fillSelect(select: HTMLSelectElement, values: string[]): void {
  if (select.options.length === values.length + 1) return;
  const chosen = select.value;
  select.replaceChildren(
    h('option', { value: '' }, 'all'),
    ...values.sort().map((value) => h('option', { value }, value)),
  );
  select.value = chosen;
}
