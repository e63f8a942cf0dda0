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
 * The playground page as a fresh profile first renders it (no saved settings, the worker not yet
 * answering), as HTML for the build to put into `index.html`: the page paints and its prompt
 * takes typing before its script has run, and the script hydrates this HTML.
 */
export async function prerenderPage(): Promise<string> {
  const failures: unknown[] = []
  // Waits for the panels the first render loads lazily, so their HTML is there to hydrate too. A
  // part that fails would ship as a gap the browser fills with an error, so it fails the build.
  const { prelude } = await prerender(<PageRoot host={HOST_NOT_STARTED} storage={undefined} />, { onError: (error) => void failures.push(error) })
  const html = await new Response(prelude).text()
  if (failures.length > 0) throw new AggregateError(failures, `The playground page did not prerender: ${failures.map(String).join('; ')}`)
  return html
}
