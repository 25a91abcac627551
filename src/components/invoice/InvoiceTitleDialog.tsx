import type { InvoiceTitleDto } from '../../shared/invoice.ts';
import { FormDialog } from '../ui/Modal.tsx';
import { InvoiceTitleForm } from './InvoiceTitleForm.tsx';

interface Props {
  open: boolean;
  initial?: InvoiceTitleDto | null;
  onClose: () => void;
  onSaved: (title: InvoiceTitleDto, message: string) => void;
}

/** The invoice title form in a modal dialog, mounted only while open (each opening starts from the saved title). */
export function InvoiceTitleDialog({ open, initial, onClose, onSaved }: Props) {
  return (
    <FormDialog open={open} title={initial ? '编辑发票抬头' : '新增发票抬头'} onClose={onClose}>
      <InvoiceTitleForm initial={initial} onSaved={onSaved} onCancel={onClose} />
    </FormDialog>
  );
}
