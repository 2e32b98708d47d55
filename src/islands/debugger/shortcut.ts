/** The debugger's keyboard shortcut (spec §2): Shift+D, unless the visitor is typing. */

/** True when the event's target takes typed text (an input, a textarea, a select or editable content). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select, [contenteditable]") !== null;
}

/** True for Shift+D (no other modifier, not repeated) pressed outside a text field. */
export function isDebuggerShortcut(event: KeyboardEvent): boolean {
  return (
    event.shiftKey &&
    !event.ctrlKey &&
    !event.altKey &&
    !event.metaKey &&
    !event.repeat &&
    event.code === "KeyD" &&
    !isTyping(event.target)
  );
}
