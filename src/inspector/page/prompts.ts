import { byId } from './dom.ts';

/** Asks for the admin token in the page's dialog; resolves undefined when cancelled. */
export function askForToken(): Promise<string | undefined> {
  const dialog = byId('token-dialog', HTMLDialogElement);
  const input = byId('token-input', HTMLInputElement);
  input.value = '';
  return new Promise((resolve) => {
    dialog.addEventListener(
      'close',
      () => {
        resolve(dialog.returnValue === 'ok' && input.value !== '' ? input.value : undefined);
      },
      { once: true },
    );
    dialog.showModal();
    input.focus();
  });
}

/**
 * Copies text to the clipboard; where the page may not (a page served over plain HTTP from a
 * name other than localhost is not a secure context), shows it selected for the user to copy.
 * Resolves whether it was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // no permission: shown below instead
  }
  const dialog = byId('copy-dialog', HTMLDialogElement);
  const area = byId('copy-text', HTMLTextAreaElement);
  area.value = text;
  dialog.showModal();
  area.select();
  return false;
}
