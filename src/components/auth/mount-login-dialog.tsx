import { createRoot } from 'react-dom/client';
import LoginDialog from './LoginDialog.tsx';

/** Loaded the first time the dialog is opened, so React is not part of the first page load. */
export function mountLoginDialog(): void {
  if (document.getElementById('login-root')) return;
  const el = document.createElement('div');
  el.id = 'login-root';
  document.body.append(el);
  createRoot(el).render(<LoginDialog />);
}
