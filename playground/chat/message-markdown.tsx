import { memo, startTransition, useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react'
import { whenIdle } from '../shell/when-idle.ts'
import type { TRemoteContentPolicy } from './remote-content.ts'
import { useAllowedImageHosts } from './remote-content-context.ts'

type TRenderMarkdown = (text: string, policy: TRemoteContentPolicy) => string
type TRendererModule = { renderMarkdown: TRenderMarkdown; renderMarkdownText: (text: string) => string; warmUpRenderer: (whenIdle: (run: () => void) => void) => void; REMOTE_IMAGE_ATTRIBUTE: string }

let loaded: TRendererModule | undefined
let loading: Promise<TRendererModule> | undefined

/**
 * Loads the Markdown renderer (marked + DOMPurify), its own chunk so it stays out of the page's
 * first script. Called ahead of need (when a turn starts) so streamed text renders as Markdown
 * from its first delta instead of all at once when the chunk arrives.
 */
export function loadRenderer(): Promise<TRendererModule> {
  loading ??= import('./markdown-renderer.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A chunk that failed to arrive (the network, a deploy) is asked for again by the next caller.
      loading = undefined
      throw error
    }
  )
  return loading
}

/**
 * Loads the renderer and warms it (`warmUpRenderer`, once per page) in the page's idle periods, or
 * loads it at once when a turn has started. The chunk's evaluation and the renderer's first run
 * each took 40 ms or more in a fresh page, long tasks inside the first turn.
 */
export function readyRenderer(now: boolean): void {
  const load = () => void loadRenderer().then((module) => module.warmUpRenderer(whenIdle), () => undefined)
  if (now) load()
  else whenIdle(load)
}

/**
 * Renders model text as sanitized Markdown; plain text until the renderer has loaded. Remote
 * images show as buttons naming their host until clicked (or allowed in the settings).
 */
export const MessageMarkdown = memo(function MessageMarkdown({ text }: { text: string }) {
  const [renderer, setRenderer] = useState<TRendererModule | undefined>(() => loaded)
  const allowedImageHosts = useAllowedImageHosts()
  const [loadedImages, setLoadedImages] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    if (renderer) return
    let active = true
    // A transition: when the renderer arrives under a long text, its pieces render a few at a
    // time between frames instead of in one task.
    void loadRenderer().then((module) => active && startTransition(() => setRenderer(module)))
    return () => {
      active = false
    }
  }, [renderer])
  const html = useMemo(() => renderer?.renderMarkdown(text, { allowedImageHosts, loadedImages }), [renderer, text, allowedImageHosts, loadedImages])
  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (!renderer || !(event.target instanceof Element)) return
      const source = event.target.closest(`[${renderer.REMOTE_IMAGE_ATTRIBUTE}]`)?.getAttribute(renderer.REMOTE_IMAGE_ATTRIBUTE)
      if (source) setLoadedImages((current) => new Set(current).add(source))
    },
    [renderer]
  )
  if (html === undefined) return <div className="markdown plain">{text}</div>
  // The click only reveals an image the user asked for; keyboard users reach the same buttons.
  return <div className="markdown" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
})
