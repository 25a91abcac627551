import { useEffect, useState } from 'react';
import { authApi, type ScanKey } from '../../client/auth.ts';
import { ApiError } from '../../client/api.ts';

/** Spec section 9: scan polling interval. */
export const SCAN_POLL_MS = 2000;

/**
 * Panel 3: a QR code for a phone that is already signed in. Polls every 2 s; 200 signs this browser in
 * (the check response sets the session cookie), 400 stops. Unmounting (leaving the panel or closing the
 * dialog) stops polling.
 */
export function ScanPanel({ onSignedIn }: { onSignedIn: () => void }) {
  const [scan, setScan] = useState<ScanKey | null>(null);
  const [stopped, setStopped] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let alive = true;
    setStopped('');
    setScan(null);
    (async () => {
      try {
        const key = await authApi.scanKey();
        if (!alive) return;
        setScan(key);
        timer = setInterval(async () => {
          try {
            const r = await authApi.scanCheck(key.key);
            if (!alive) return;
            if (r.status === 200) {
              clearInterval(timer);
              onSignedIn();
            } else if (r.status === 400) {
              clearInterval(timer);
              setStopped(r.message || '二维码已失效');
            }
          } catch (e) {
            clearInterval(timer);
            if (alive) setStopped(e instanceof ApiError ? e.message : '二维码已失效');
          }
        }, SCAN_POLL_MS);
      } catch (e) {
        if (alive) setStopped(e instanceof ApiError ? e.message : '二维码加载失败');
      }
    })();
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [round]);

  return (
    <div className="auth__scan">
      <div className="auth__qr">
        {scan && <img src={scan.qrcode} alt="扫码登录二维码" width="180" height="180" data-scan-key={scan.key} />}
        {stopped && (
          <button type="button" className="auth__qr-mask" onClick={() => setRound(round + 1)}>
            {stopped}
            <br />
            点击刷新
          </button>
        )}
      </div>
      <p>请使用微信或手机浏览器扫一扫，在已登录商城的手机上确认登录</p>
    </div>
  );
}
