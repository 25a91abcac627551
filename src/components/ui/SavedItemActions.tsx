import { useState, type ReactNode } from 'react';
import { ApiError } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { ConfirmDialog } from './Modal.tsx';

interface Props {
  /** The item is the shopper's default: no 设为默认. */
  isDefault: boolean;
  /** Accessible names of the three buttons (they name the item: 编辑张三的地址). */
  labels: { setDefault: string; edit: string; remove: string };
  /** The delete question: its dialog's name and text. */
  confirm: { label: string; text: string };
  setDefault: () => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** The editor dialog, given whether it is open and how to close it. */
  editor: (open: boolean, close: () => void) => ReactNode;
  className: string;
}

/**
 * A saved item's 设为默认, 编辑 (its editor dialog) and 删除 (after a confirmation) on a server-rendered card (addresses,
 * invoice titles); the page reloads after each change. A refusal is toasted (the login dialog answers 请登录 itself).
 */
export default function SavedItemActions({ isDefault, labels, confirm, setDefault, remove, editor, className }: Props) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    try {
      await call();
      location.reload();
    } catch (err) {
      setBusy(false);
      setConfirming(false);
      if (!(err instanceof ApiError && err.message === LOGIN_REQUIRED))
        toast(err instanceof ApiError ? err.message : '操作失败，请稍后重试');
    }
  }

  return (
    <div className={className}>
      {!isDefault && (
        <button type="button" className="link-btn" disabled={busy} aria-label={labels.setDefault} onClick={() => run(setDefault)}>
          设为默认
        </button>
      )}
      <button type="button" className="link-btn" aria-label={labels.edit} onClick={() => setEditing(true)}>
        编辑
      </button>
      <button type="button" className="link-btn" aria-label={labels.remove} onClick={() => setConfirming(true)}>
        删除
      </button>
      {editor(editing, () => setEditing(false))}
      <ConfirmDialog
        open={confirming}
        label={confirm.label}
        text={confirm.text}
        confirmText="确定删除"
        busy={busy}
        onConfirm={() => run(remove)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
