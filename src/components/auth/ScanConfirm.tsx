import { useEffect, useState } from 'react';
import { get, ApiError } from '../../client/api.ts';
import { authApi } from '../../client/auth.ts';

type Status = 'pending' | 'confirmed' | 'refused' | 'expired' | 'used';
const done: Record<Exclude<Status, 'pending'>, string> = {
  confirmed: '已确认登录，请回到电脑上继续购物',
  refused: '已拒绝这次登录',
  expired: '二维码已过期，请在电脑上刷新后重新扫码',
  used: '这个二维码已经使用过了',
};

/** A signed-in shopper confirms or refuses the sign-in of the browser that shows the QR code. */
export default function ScanConfirm({ scanKey }: { scanKey: string }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    get<{ status: Status }>('/api/pc/login/scan/info', { key: scanKey })
      .then((r) => setStatus(r.status))
      .catch((e) => setMessage(e instanceof ApiError ? e.message : '加载失败'));
  }, [scanKey]);

  async function answer(confirm: boolean) {
    try {
      setMessage((await authApi.scanConfirm(scanKey, confirm)).message);
      setStatus(confirm ? 'confirmed' : 'refused');
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : '操作失败');
    }
  }

  if (message || (status && status !== 'pending')) {
    return (
      <p role="status" className="scan-confirm__result">
        {message || done[status as Exclude<Status, 'pending'>]}
      </p>
    );
  }
  return (
    <div className="scan-confirm__actions phone-actions">
      <button type="button" className="btn btn--primary" disabled={!status} onClick={() => answer(true)}>
        确认登录
      </button>
      <button type="button" className="btn" disabled={!status} onClick={() => answer(false)}>
        拒绝
      </button>
    </div>
  );
}
