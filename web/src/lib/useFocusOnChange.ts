import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves the keyboard's focus to `target` when `value` changes (not on the first render):
 * after a page link, the shopper's focus starts again at the top of the new page, where
 * the page itself has scrolled to, instead of at the links at the bottom.
 */
export function useFocusOnChange(target: RefObject<HTMLElement | null>, value: unknown) {
  const first = useRef(value);
  useEffect(() => {
    if (Object.is(first.current, value)) return;
    first.current = value;
    target.current?.focus({ preventScroll: true });
  }, [target, value]);
}
