import { useState } from 'react';
import { toast } from '../../client/toast.ts';
import { FormDialog } from '../ui/Modal.tsx';
import { InvoiceTitleForm } from './InvoiceTitleForm.tsx';

/**
 * "申请发票" of a paid order without an invoice (order list and order detail): the invoice form in a dialog, starting
 * from the shopper's default saved title; once asked for, the page shows the invoice after a reload.
 */
export default function RequestInvoice({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)} data-request-invoice={orderId}>
        申请发票
      </button>
      <FormDialog open={open} title="申请发票" onClose={() => setOpen(false)}>
        <InvoiceTitleForm
          orderId={orderId}
          onRequested={(message) => {
            toast(message);
            location.reload();
          }}
          onCancel={() => setOpen(false)}
        />
      </FormDialog>
    </>
  );
}
