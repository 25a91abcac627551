import { createRoot } from 'react-dom/client';
import LoginDialog from './LoginDialog.tsx';
import { $user } from '../../stores/session.ts';
import { topbarUserHtml } from '../../shared/shopper-header.ts';

/** Loaded the first time the dialog is opened, so React is not part of the first page load. */
export function mountLoginDialog(): void {
  if (document.getElementById('login-root')) return;
  const el = document.createElement('div');
  el.id = 'login-root';
  document.body.append(el);
  createRoot(el).render(<LoginDialog />);
  // The session ended under the page (a 请登录 answer: spec section 4 resets the user): the server-rendered header
  // stops showing the shopper behind the dialog, and offers 登录/注册 as a visitor's does.
  $user.subscribe((user) => {
    const shown = document.querySelector('.topbar [data-user-link]');
    if (user || !shown) return;
    shown.insertAdjacentHTML('beforebegin', topbarUserHtml(null));
    for (const part of document.querySelectorAll('.topbar [data-unread-link], .topbar [data-logout]')) part.remove();
    shown.remove();
  });
}
