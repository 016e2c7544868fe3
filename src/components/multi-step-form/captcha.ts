import { dispatch } from '../../web-component';

/**
 * After a submit with errors the captcha is reset, if the page has one: a `[data-captcha]`
 * element in the form, else in the page. The cancelable `multi-step-form-captcha-reset` event tells the
 * site's captcha script; unless a listener cancels it, the element's own `reset()` is called when it has one.
 */
export function resetCaptcha(host: HTMLElement, form: HTMLFormElement): void {
  const captcha = form.querySelector<HTMLElement>('[data-captcha]') ?? document.querySelector<HTMLElement>('[data-captcha]');
  if (!captcha) return;
  const proceed = dispatch(host, 'multi-step-form-captcha-reset', { captcha }, { cancelable: true });
  const reset = (captcha as HTMLElement & { reset?: unknown }).reset;
  if (proceed && typeof reset === 'function') reset.call(captcha);
}
