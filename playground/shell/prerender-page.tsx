import { prerender } from 'react-dom/static'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { PageRoot } from './page-root.tsx'

// The first render calls no host method (sessions are listed and opened in effects, which a
// server render does not run); a call would mean the HTML no longer shows the page before its
// worker answered, so it fails the build instead.
const HOST_NOT_STARTED = new Proxy({} as IAgentHost, {
  get(_target, name) {
    throw new Error(`The prerendered page read the agent host's ${String(name)}: its first render must not touch the host.`)
  }
})

/**
 * The playground page as a fresh profile first renders it (no saved settings, no linked session,
 * the worker not yet answering), as HTML for the build to put into `index.html`: the page paints
 * and its prompt takes typing before its script has run, and the script hydrates this HTML.
 */
export async function prerenderPage(): Promise<string> {
  // Waits for the panels the first render loads lazily, so their HTML is there to hydrate too.
  const { prelude } = await prerender(<PageRoot host={HOST_NOT_STARTED} storage={undefined} />)
  return new Response(prelude).text()
}
