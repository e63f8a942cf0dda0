import { memo, startTransition, useEffect, useMemo, useState } from 'react'

type TRenderMarkdown = (text: string) => string

let loaded: TRenderMarkdown | undefined
let loading: Promise<TRenderMarkdown> | undefined

/**
 * Loads the Markdown renderer (marked + DOMPurify), its own chunk so it stays out of the page's
 * first script. Called ahead of need (when a turn starts) so streamed text renders as Markdown
 * from its first delta instead of all at once when the chunk arrives.
 */
export function loadRenderer(): Promise<TRenderMarkdown> {
  loading ??= import('./markdown-renderer.ts').then((module) => {
    loaded = module.renderMarkdown
    return loaded
  })
  return loading
}

/** Renders model text as sanitized Markdown; plain text until the renderer has loaded. */
export const MessageMarkdown = memo(function MessageMarkdown({ text }: { text: string }) {
  const [render, setRender] = useState<TRenderMarkdown | undefined>(() => loaded)
  useEffect(() => {
    if (render) return
    let active = true
    // A transition: when the renderer arrives under a long text, its pieces render a few at a
    // time between frames instead of in one task.
    void loadRenderer().then((renderer) => active && startTransition(() => setRender(() => renderer)))
    return () => {
      active = false
    }
  }, [render])
  const html = useMemo(() => render?.(text), [render, text])
  if (html === undefined) return <div className="markdown plain">{text}</div>
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
})
