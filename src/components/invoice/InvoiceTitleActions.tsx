import { invoiceApi } from '../../client/invoice.ts';
import type { InvoiceTitleDto } from '../../shared/invoice.ts';
import SavedItemActions from '../ui/SavedItemActions.tsx';
import { InvoiceTitleDialog } from './InvoiceTitleDialog.tsx';

/** A saved invoice title's 设为默认, 编辑 and 删除 (see SavedItemActions). */
export default function InvoiceTitleActions({ title }: { title: InvoiceTitleDto }) {
  const who = title.receipt_title;
  return (
    <SavedItemActions
      className="invoice-title__actions"
      isDefault={title.is_default === 1}
      labels={{ setDefault: `将“${who}”设为默认抬头`, edit: `编辑“${who}”`, remove: `删除“${who}”` }}
      confirm={{ label: '删除发票抬头', text: `确定删除发票抬头“${who}”吗？已申请的发票不受影响。` }}
      setDefault={() => invoiceApi.setDefault(title.user_receipt_id)}
      remove={() => invoiceApi.remove(title.user_receipt_id)}
      editor={(open, close) => <InvoiceTitleDialog open={open} initial={title} onClose={close} onSaved={() => location.reload()} />}
    />
  );
}
