import { memo, useEffect, useMemo, useState } from 'react'

type TRenderMarkdown = (text: string) => string

let loaded: TRenderMarkdown | undefined
let loading: Promise<TRenderMarkdown> | undefined

// The renderer (marked + DOMPurify) is its own chunk, so it stays out of the page's first script.
function loadRenderer(): Promise<TRenderMarkdown> {
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
    void loadRenderer().then((renderer) => active && setRender(() => renderer))
    return () => {
      active = false
    }
  }, [render])
  const html = useMemo(() => render?.(text), [render, text])
  if (html === undefined) return <div className="markdown plain">{text}</div>
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
})
