/**
 * A ref callback that focuses its element when it mounts: what `autoFocus` does under React, for
 * the embed's renderer too. preact/compat leaves `autofocus` to the browser, which honours it once
 * per page, so a second confirm button would open unfocused there.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus()
}
