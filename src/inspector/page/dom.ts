type Child = Node | string | null | undefined | false;

/**
 * Creates an element with attributes and children; text children are text nodes, never HTML,
 * so whatever a request carried shows as text.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** A button (not a submit) that calls `onClick` when pressed. */
export function button(
  label: string,
  onClick: () => void,
  attributes: Record<string, string> = {},
): HTMLButtonElement {
  const element = h('button', { type: 'button', ...attributes }, label);
  element.addEventListener('click', onClick);
  return element;
}

/** The element with this id, which the page's HTML declares, of this type. */
export function byId<T extends HTMLElement>(id: string, type: abstract new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) {
    throw new Error(`Failed to start the inspector: #${id} is missing from the page.`);
  }
  return element;
}
