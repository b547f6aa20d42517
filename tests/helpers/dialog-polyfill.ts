/**
 * jsdom has `<dialog>` without `showModal()` and `close()`: these open and close it by its `open`
 * attribute, which is what the accessibility queries read. Escape and the focus are the Dialog's
 * own work, so the tests still see them. Node-only test files have no `HTMLDialogElement` to patch.
 */
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
