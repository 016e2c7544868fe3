/**
 * The best bet editor's pinned pages, put in order by dragging. The server's list stays as it is, Move up and Move
 * down included (the keyboard's way, and the way without JavaScript); this only adds dragging: a page dragged over
 * another moves there at once, and on drop the form's pinned fields take the new order and the form is posted, as
 * a Move button posts it, so the server answers with the order kept and every button right for it.
 */

/** The order after moving the item at `from` to `to` (both indexes in the list as it was). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const order = [...items];
  const [item] = order.splice(from, 1);
  order.splice(to, 0, item!);
  return order;
}

const itemsOf = (list: HTMLElement) =>
  [...list.children].filter((child): child is HTMLLIElement => child.tagName === 'LI' && child.hasAttribute('data-id'));
const idOf = (item: HTMLElement) => item.getAttribute('data-id') ?? '';

/** Writes `ids` into the form's pinned fields, in order (the fields are what the form posts). */
export function writeOrder(form: HTMLFormElement, ids: readonly string[]) {
  const fields = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="promoted"]')];
  fields.forEach((field, index) => {
    field.value = ids[index] ?? field.value;
  });
}

function mount(element: HTMLElement): void {
  // Started once: a second start would add a second hint and a second set of listeners.
  if (element.dataset.started) return;
  element.dataset.started = 'true';
  const list = element.querySelector<HTMLElement>('ol');
  const form = element.closest('form');
  if (!list || !form) throw new Error('The pinned pages island needs its list inside the editor’s form.');
  const post = form.querySelector<HTMLButtonElement>('button[value="reorder"]');
  if (!post) throw new Error('The pinned pages island needs the form’s reorder button.');

  const hint = element.ownerDocument.createElement('p');
  hint.className = 'hint';
  hint.textContent = 'Drag a page to move it, or use its Move up and Move down buttons.';
  element.insertBefore(hint, list);

  let dragged: HTMLLIElement | undefined;
  for (const item of itemsOf(list)) {
    item.draggable = true;
    item.classList.add('draggable');
    item.addEventListener('dragstart', (event) => {
      dragged = item;
      item.classList.add('dragging');
      event.dataTransfer?.setData('text/plain', idOf(item));
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    });
    item.addEventListener('dragover', (event) => {
      if (!dragged || dragged === item) return;
      event.preventDefault();
      const items = itemsOf(list);
      const order = moved(items, items.indexOf(dragged), items.indexOf(item));
      for (const each of order) list.append(each);
    });
    item.addEventListener('drop', (event) => {
      if (!dragged) return;
      event.preventDefault();
      finish(true);
    });
    item.addEventListener('dragend', () => finish(false));
  }

  /** Ends a drag: with a drop, the new order is written and posted; without one, the server's order comes back. */
  function finish(dropped: boolean) {
    if (!dragged) return;
    dragged.classList.remove('dragging');
    dragged = undefined;
    const ids = itemsOf(list!).map(idOf);
    const fields = [...form!.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="promoted"]')].map((field) => field.value);
    if (!dropped) {
      for (const id of fields) list!.append(itemsOf(list!).find((item) => idOf(item) === id)!);
      return;
    }
    if (ids.join('\n') === fields.join('\n')) return;
    writeOrder(form!, ids);
    form!.requestSubmit(post!);
  }
}

export default mount;
