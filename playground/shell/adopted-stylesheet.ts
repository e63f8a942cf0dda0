import { useCallback } from 'react'

const constructedSheets = new Map<string, CSSStyleSheet>()

/**
 * Adds `css` to the document or shadow root `element` is in, once per root. A part of the page
 * that loads on demand brings its styles this way, so they reach the embed's shadow root as well
 * as the page, and the first paint does not carry them.
 */
export function adoptStylesheet(element: Element, css: string): void {
  const root = element.getRootNode()
  if (!(root instanceof Document || root instanceof ShadowRoot) || !('adoptedStyleSheets' in root)) return
  let sheet = constructedSheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    constructedSheets.set(css, sheet)
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}

/**
 * A ref for a component's outer element that adopts `css` into its root as it mounts, before paint.
 * React attaches it after its descendants' layout effects have run: a descendant that measures
 * itself in one (a virtualized list, say) adopts its own stylesheet in its own element's ref.
 */
export function useAdoptedStylesheet(css: string): (element: Element | null) => void {
  return useCallback((element: Element | null) => {
    if (element) adoptStylesheet(element, css)
  }, [css])
}
