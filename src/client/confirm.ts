// A yes/no question before something that cannot be undone (cancel or delete an order, confirm receipt, withdraw a
// refund, delete cart lines), in the mall's own modal dialog rather than the browser's confirm box, which blocks the
// page, cannot be styled and is headed by the site's address. Loaded with the action that asks.
import '../styles/modal.css';

/** Shows `text` with 取消 and `okText`; true once the shopper chose `okText`, false for 取消 or Escape. */
export function askConfirm(text: string, okText = '确定'): Promise<boolean> {
  const dialog = document.createElement('dialog');
  dialog.className = 'modal modal--confirm';
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-label', text);
  const question = document.createElement('p');
  question.textContent = text;
  const actions = document.createElement('div');
  actions.className = 'modal__actions';
  const button = (label: string, className: string, answer: string) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', className, textContent: label });
    b.addEventListener('click', () => dialog.close(answer));
    return b;
  };
  // 取消 first, and focused: Enter on an irreversible question does nothing.
  actions.append(button('取消', 'btn', ''), button(okText, 'btn btn--primary', 'ok'));
  dialog.append(question, actions);
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener(
      'close',
      () => {
        dialog.remove();
        resolve(dialog.returnValue === 'ok');
      },
      { once: true },
    );
    dialog.showModal();
  });
}

/** A `data-action` button's `data-confirm` question (its `data-confirm-ok` the yes label) answered yes, or none asked. */
export const confirmed = async (btn: HTMLElement): Promise<boolean> =>
  !btn.dataset.confirm || askConfirm(btn.dataset.confirm, btn.dataset.confirmOk);
