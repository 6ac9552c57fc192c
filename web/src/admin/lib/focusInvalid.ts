/**
 * After a submit the form's own rules refused: the keyboard's focus moves to the first
 * field marked invalid, whose message (tied by aria-describedby) is then read out. Once
 * React has drawn the marks, so a frame later.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
