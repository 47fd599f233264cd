// jsdom has <dialog> without its modal methods: these stand in, as a browser behaves (open attribute,
// and 'close' fired in a later task).
export function stubDialogMethods() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
}
