/** Runs `run` in the page's next idle period; Safari, which has no `requestIdleCallback`, gets a timer. */
export function whenIdle(run: () => void): void {
  ;(globalThis.requestIdleCallback ?? setTimeout)(run)
}
