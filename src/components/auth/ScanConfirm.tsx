import { useEffect, useState } from 'react';
import { ApiError } from '../../client/api.ts';
import { authApi, type ScanInfo, type ScanStatus } from '../../client/auth.ts';

const done: Record<Exclude<ScanStatus, 'pending'>, string> = {
  confirmed: '已确认登录，请回到电脑上继续购物',
  refused: '已拒绝这次登录',
  expired: '二维码已过期，请在电脑上刷新后重新扫码',
  used: '这个二维码已经使用过了',
};

/** '刚刚', '45秒前', '3分钟前', '2小时前'. */
function ago(seconds: number): string {
  if (seconds < 10) return '刚刚';
  if (seconds < 60) return `${seconds}秒前`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  return `${Math.floor(seconds / 3600)}小时前`;
}

/** The browser that asked to sign in, so a shopper can tell a phished link from their own computer. */
function Requester({ r }: { r: NonNullable<ScanInfo['requester']> }) {
  return (
    <>
      <dl className="scan-confirm__device" aria-label="请求登录的设备">
        <dt>浏览器</dt>
        <dd>{r.browser}</dd>
        <dt>操作系统</dt>
        <dd>{r.os}</dd>
        <dt>请求时间</dt>
        <dd>
          {r.requested_at}（北京时间，{ago(r.seconds_ago)}）
        </dd>
        <dt>IP 地址</dt>
        <dd>{r.ip}</dd>
      </dl>
      <p className="scan-confirm__warning" role="note">
        如果这不是你本人的操作，请点击拒绝
      </p>
    </>
  );
}

/** A signed-in shopper confirms or refuses the sign-in of the browser that shows the QR code. */
export default function ScanConfirm({ scanKey }: { scanKey: string }) {
  const [info, setInfo] = useState<ScanInfo | null>(null);
  const [status, setStatus] = useState<ScanStatus | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    authApi
      .scanInfo(scanKey)
      .then((r) => {
        setInfo(r);
        setStatus(r.status);
      })
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
        {message || done[status as Exclude<ScanStatus, 'pending'>]}
      </p>
    );
  }
  return (
    <>
      {info?.requester && <Requester r={info.requester} />}
      <div className="scan-confirm__actions phone-actions">
        <button type="button" className="btn btn--primary" disabled={!status} onClick={() => answer(true)}>
          确认登录
        </button>
        <button type="button" className="btn" disabled={!status} onClick={() => answer(false)}>
          拒绝
        </button>
      </div>
    </>
  );
}
