// Copy buttons of server-rendered pages: <button type="button" data-copy="SF1234567890">复制</button>.
import { toast } from './toast.ts';

/** Puts `text` on the clipboard: the Clipboard API where the page may use it, else a selected hidden field. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.className = 'sr-only';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/** Wires every `[data-copy]` button of `root`: copies its value and says so. */
export function wireCopy(root: ParentNode = document): void {
  for (const btn of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    btn.addEventListener('click', async () => {
      const done = await copyText(btn.dataset.copy ?? '');
      toast(done ? '已复制到剪贴板' : '复制失败，请手动选择复制');
    });
  }
}
