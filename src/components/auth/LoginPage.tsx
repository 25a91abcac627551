import { useEffect } from 'react';
import Cookies from 'js-cookie';
import LoginPanels from './LoginPanels.tsx';
import { $loginPanel } from '../../stores/ui.ts';
import { FROM_PATH_COOKIE } from '../../shared/cookies.ts';
import { toast } from '../../client/toast.ts';

interface Props {
  /** Same-site path validated on the server (never another site). */
  returnTo: string;
  error?: string;
}

/** The /login page: the dialog's panels inline; a sign-in returns to the page that sent the shopper here. */
export default function LoginPage({ returnTo, error }: Props) {
  useEffect(() => {
    if (error) toast(error);
  }, [error]);
  return (
    <LoginPanels
      onSignedIn={() => {
        Cookies.remove(FROM_PATH_COOKIE, { path: '/' });
        location.assign(returnTo);
      }}
      onRegistered={() => $loginPanel.set(2)}
    />
  );
}
