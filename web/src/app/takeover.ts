// The moment the app replaces the server's first screen (src/storefront/prerendered.rs) with
// its own render of the same markup. Until then the screen's buttons have no code behind
// them, so nothing a shopper does there is lost: what was typed (the search box), what
// was chosen (a radio button) and where the focus was carry over when the app's render replaces the screen, and a tap
// on a button ("Add to cart", the heart, Categories) is made again on the app's button
// once the session check has said who is here, so it does what it would have done.
// Elements are matched by their path of tags and classes, which the two renders share.

type Path = string;

const stepOf = (element: Element) => `${element.tagName}.${element.className}`;

/** `element`'s path from `root`: each step its tag, classes and place among its like. */
function pathOf(root: Element, element: Element): Path | undefined {
  const steps: string[] = [];
  for (let at: Element = element; at !== root; ) {
    const parent = at.parentElement;
    if (!parent) return undefined;
    const like = [...parent.children].filter((child) => stepOf(child) === stepOf(at));
    steps.push(`${stepOf(at)}:${like.indexOf(at)}`);
    at = parent;
  }
  return steps.reverse().join('>');
}

function find(root: Element, path: Path): HTMLElement | undefined {
  let at: Element | undefined = root;
  for (const step of path.split('>')) {
    const cut = step.lastIndexOf(':');
    const [name, n] = [step.slice(0, cut), Number(step.slice(cut + 1))];
    at = [...(at?.children ?? [])].filter((child) => stepOf(child) === name)[n];
  }
  return at instanceof HTMLElement ? at : undefined;
}

// Taps are made again once both have happened: the app's render has replaced the
// server's screen (before that, the path finds the served button, which does nothing)
// and the session check has settled. Either may come first.
let replay: (() => void) | undefined;
let rendered = false;
let sessionKnown = false;

function replayIfReady() {
  if (!rendered || !sessionKnown) return;
  replay?.();
  replay = undefined;
}

/**
 * Calls `act` with the element at `path` once the app's screen has it: at once, or when a
 * part of the screen still loading (a lazy section) arrives, within a few seconds.
 */
function whenFound(root: Element, path: Path, act: (element: HTMLElement) => void) {
  const now = find(root, path);
  if (now) return act(now);
  const arrived = new MutationObserver(() => {
    const element = find(root, path);
    if (!element) return;
    stop();
    act(element);
  });
  const timer = setTimeout(() => stop(), 5000);
  const stop = () => {
    arrived.disconnect();
    clearTimeout(timer);
  };
  arrived.observe(root, { childList: true, subtree: true });
}

/** Starts keeping what is done on the server's screen inside `root` (at the entry's start). */
export function keepEarlyActions(root: Element) {
  const served = root.firstElementChild;
  if (!served) return;
  const fields = [...root.querySelectorAll<HTMLInputElement>('input')].map((input) => [pathOf(root, input), input] as const);
  const taps: Path[] = [];
  let focused: Path | undefined;
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest('button') : null;
    const path = control && root.contains(control) ? pathOf(root, control) : undefined;
    if (path) taps.push(path);
  };
  const onFocus = (event: FocusEvent) => {
    focused = event.target instanceof Element && root.contains(event.target) ? pathOf(root, event.target) : undefined;
  };
  // A form of the server's screen has no code to send it (the search box's Enter would
  // reload the page): its submit button's tap is kept instead.
  const onSubmit = (event: SubmitEvent) => {
    if (event.target instanceof Element && root.contains(event.target)) event.preventDefault();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('focusin', onFocus);
  document.addEventListener('submit', onSubmit, true);
  const replaced = new MutationObserver(() => {
    if (root.firstElementChild === served) return;
    replaced.disconnect();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('focusin', onFocus);
    document.removeEventListener('submit', onSubmit, true);
    for (const [path, input] of fields) {
      const field = path === undefined ? undefined : find(root, path);
      if (!(field instanceof HTMLInputElement)) continue;
      if (input.type === 'radio' || input.type === 'checkbox') {
        // A choice made (the checkout's way to pay): made again as the shopper made it, by a click.
        if (input.checked !== input.defaultChecked && field.checked !== input.checked) field.click();
        continue;
      }
      if (input.value === input.defaultValue) continue;
      // Through the value setter React watches, then the event it listens to.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, input.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused !== undefined) find(root, focused)?.focus();
    rendered = true;
    replayIfReady();
  });
  replaced.observe(root, { childList: true });
  replay = () => {
    for (const path of taps) whenFound(root, path, (button) => button.click());
  };
}

/** Says the session check has settled: the taps made on the server's screen are made again once the app's screen is in. */
export function replayEarlyTaps() {
  sessionKnown = true;
  replayIfReady();
}
