import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createAgentClient, type IAgentClient } from '../../worker/create-agent-client.ts'
import { App } from '../app.tsx'
import styles from '../styles.css?inline'
import { ErrorBoundary } from '../shell/error-boundary.tsx'
import { EMBED_STYLES } from './embed-styles.ts'

/** Attributes `<robota-playground>` reads when it connects. */
export const ROBOTA_PLAYGROUND_ATTRIBUTES = ['manifest', 'provider'] as const

/**
 * `<robota-playground manifest="./workspace.json" provider="demo">`: the whole playground in a
 * shadow root, with its agent in a Web Worker beside the module. `manifest` is the URL of a
 * workspace manifest (JSON) applied to the first session; `provider` is `demo` (the scripted
 * offline model, the default): keys for other providers go in its Settings dialog. Nothing it
 * runs needs `eval` or inline script, so it works under `script-src 'self'`.
 */
export class RobotaPlaygroundElement extends HTMLElement {
  private root: Root | undefined
  private client: IAgentClient | undefined

  async connectedCallback(): Promise<void> {
    if (this.root) return
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
    // Constructed sheets are not inline styles, so a strict style-src does not block them.
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(`${styles}\n${EMBED_STYLES}`)
    shadow.adoptedStyleSheets = [sheet]
    const container = document.createElement('div')
    container.className = 'robota-mount'
    shadow.append(container)
    this.client = createAgentClient(() => new Worker(new URL('../worker/agent-worker.ts', import.meta.url), { type: 'module', name: 'robota-agent' }))
    this.root = createRoot(container)
    this.render({})
    const manifestUrl = this.getAttribute('manifest')
    if (manifestUrl) this.render(await loadManifest(new URL(manifestUrl, document.baseURI)))
  }

  disconnectedCallback(): void {
    this.root?.unmount()
    this.client?.terminate()
    this.root = undefined
    this.client = undefined
  }

  private render(loaded: TLoadedManifest): void {
    if (!this.root || !this.client) return
    this.root.render(
      <StrictMode>
        <ErrorBoundary>
          <App host={this.client} storage={undefined} className="embedded" initialManifest={loaded.manifest} notice={loaded.error} shortcuts={false} linkSessions={false} />
        </ErrorBoundary>
      </StrictMode>
    )
  }
}

type TLoadedManifest = { manifest?: unknown; error?: string }

async function loadManifest(url: URL): Promise<TLoadedManifest> {
  try {
    const response = await fetch(url)
    if (!response.ok) return { error: `The manifest ${url.href} could not be loaded: HTTP ${response.status}.` }
    return { manifest: (await response.json()) as unknown }
  } catch (error) {
    return { error: `The manifest ${url.href} could not be loaded: ${error instanceof Error ? error.message : String(error)}` }
  }
}

/** Registers the element under `tagName` (once); a bundled app calls this, the built module does it on load. */
export function defineRobotaPlayground(tagName = 'robota-playground'): void {
  if (!customElements.get(tagName)) customElements.define(tagName, class extends RobotaPlaygroundElement {})
}
