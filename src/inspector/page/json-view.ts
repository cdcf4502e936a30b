import { visibleText } from './copy-formats.ts';
import { h } from './dom.ts';

// Past this many nodes a body shows as plain pretty-printed text: a tree of 16 KiB of tiny
// values would be thousands of elements.
const maxNodes = 1500;

/**
 * A body as the page shows it: JSON as a tree whose objects and arrays fold (`<details>`), text
 * with its control characters made visible, nothing for no body. `truncated`: the journal cut
 * the body at 16 KiB.
 */
export function bodyView(body: unknown, truncated: boolean): HTMLElement {
  if (body === null || body === undefined) return h('p', { class: 'muted' }, 'No body.');
  const note =
    truncated || (typeof body === 'string' && body.length >= 16 * 1024)
      ? h('p', { class: 'note' }, 'Cut at 16 KiB by the journal: the rest was not kept.')
      : null;
  if (typeof body === 'string') {
    return h('div', {}, note, h('pre', { class: 'text-body' }, visibleText(body)));
  }
  const budget = { nodes: 0 };
  const tree = nodeView(body, budget);
  if (budget.nodes > maxNodes) {
    return h('div', {}, note, h('pre', { class: 'text-body' }, JSON.stringify(body, null, 2)));
  }
  return h('div', { class: 'json' }, note, tree);
}

function nodeView(value: unknown, budget: { nodes: number }, key?: string): HTMLElement {
  budget.nodes++;
  const label = key === undefined ? null : h('span', { class: 'j-key' }, `${visibleText(key)}: `);
  if (budget.nodes > maxNodes) return h('span', {});
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) {
    const pairs: [string, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [String(i), item])
      : Object.entries(value);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    if (pairs.length === 0) return h('div', { class: 'j-line' }, label, `${open}${close}`);
    const children = h('div', { class: 'j-children' });
    for (const [childKey, child] of pairs) {
      children.append(nodeView(child, budget, Array.isArray(value) ? undefined : childKey));
    }
    const details = h(
      'details',
      { open: '' },
      h(
        'summary',
        {},
        label,
        `${open} `,
        h(
          'span',
          { class: 'muted' },
          `${String(pairs.length)} ${Array.isArray(value) ? 'items' : 'keys'}`,
        ),
      ),
      children,
      h('div', { class: 'j-line' }, close),
    );
    return details;
  }
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return h(
    'div',
    { class: 'j-line' },
    label,
    h('span', { class: `j-${typeof value === 'string' ? 'string' : 'value'}` }, text),
  );
}
