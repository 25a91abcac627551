import { useState } from 'react';
import { ApiError, post } from '../../client/api.ts';
import { copyText } from '../../client/copy.ts';
import { toast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import type { IntentionTokenDto } from '../../shared/intention.ts';

/**
 * The approved shop's merchant-API token, taken once (`POST /api/intention/token/{id}`): shown here that one time
 * with a copy button; after that the server refuses and the shopper asks the operator for a new one.
 */
export default function TakeToken({ id, taken }: { id: number; taken: boolean }) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(taken ? '令牌已领取过，不能再次查看；如需新令牌，请联系平台运营' : '');

  async function take() {
    if (busy) return;
    setBusy(true);
    try {
      setToken((await post<IntentionTokenDto>(`/api/intention/token/${id}`)).token);
    } catch (err) {
      if (err instanceof ApiError && err.message === LOGIN_REQUIRED) return;
      setRefused(err instanceof Error ? err.message : '领取失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    toast((await copyText(token)) ? '已复制到剪贴板' : '复制失败，请手动选择复制');
  }

  if (token)
    return (
      <div className="intention-token" data-token-shown>
        <p className="intention-token__warn">请立即复制并妥善保存，离开本页后将无法再次查看：</p>
        <div className="intention-token__row">
          <code data-token>{token}</code>
          <button type="button" className="btn" onClick={copy} data-copy-token>
            复制
          </button>
        </div>
      </div>
    );
  if (refused)
    return (
      <p className="intention-token__taken" data-token-refused>
        {refused}
      </p>
    );
  return (
    <button type="button" className="btn btn--primary" onClick={take} disabled={busy} data-take-token>
      {busy ? '领取中…' : '领取商户接口令牌（仅显示一次）'}
    </button>
  );
}
