/**
 * The keys go to the diff: its scroll area takes focus (it is focusable,
 * not a Tab stop), so Enter comments on the line cursor's lines and Space
 * scrolls the diff instead of pressing a button that kept focus.
 */
export function focusDiff(): void {
  document.querySelector<HTMLElement>('.diff-scroll')?.focus({ preventScroll: true });
}

/** Whether focus is on a button or link of the page (not a text field, not the diff): keys for the line cursor then move focus to the diff. */
export function focusOnPageControl(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.closest('.diff-scroll') === null && active.matches('button, a[href], summary, [role="button"]');
}
