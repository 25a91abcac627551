import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $loginDialog, closeLogin } from '../../stores/ui.ts';
import LoginPanels from './LoginPanels.tsx';

/**
 * The login overlay (spec section 1), shown while the global `login` flag is on. A native modal <dialog>:
 * focus moves into it and stays there, Escape closes it, the page behind is inert.
 */
export default function LoginDialog() {
  const open = useStore($loginDialog);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog ref={ref} className="login-dialog" aria-label="登录" onClose={closeLogin} onCancel={closeLogin} data-login-dialog>
      {open && <LoginPanels onSignedIn={() => location.reload()} onRegistered={closeLogin} onClose={closeLogin} />}
    </dialog>
  );
}
