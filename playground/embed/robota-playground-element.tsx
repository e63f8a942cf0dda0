import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createAgentClient, type IAgentClient } from '../../worker/create-agent-client.ts'
import { App } from '../app.tsx'
import styles from '../styles.css?inline'
import { ErrorBoundary } from '../shell/error-boundary.tsx'
import type { TPlaygroundSettings } from '../settings/playground-settings.ts'
import { readEmbedAttributes, type TEmbedOptions } from './embed-attributes.ts'
import { EMBED_STYLES } from './embed-styles.ts'
import { loadEmbedFile } from './load-embed-file.ts'
import { storedSessionMemory } from '../sessions/session-memory.ts'

export { ROBOTA_PLAYGROUND_ATTRIBUTES } from './embed-attributes.ts'

/**
 * `<robota-playground manifest="./workspace.json" replay="./run.jsonl" prompt="…">`: the whole
 * playground in a shadow root, with its agent in a Web Worker beside the module. Its attributes
 * (`ROBOTA_PLAYGROUND_ATTRIBUTES`, read when it connects) are documented in docs/playground.md; a
 * bad value is named in the element and the rest still applies. Nothing it runs needs `eval` or
 * inline script, so it works under `script-src 'self'`.
 */
// Server-side rendering imports the module where there is no DOM: the class then extends a
// stand-in, and nothing is defined until a page loads it.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement

export class RobotaPlaygroundElement extends ElementBase {
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
    const options = readEmbedAttributes(this, document.baseURI)
    // Set on the element itself, so it wins over a height the page's stylesheet gives the element.
    if (options.height) this.style.setProperty('--robota-playground-height', options.height)
    this.client = createAgentClient(() => new Worker(new URL('../worker/agent-worker.ts', import.meta.url), { type: 'module', name: 'robota-agent' }))
    this.root = createRoot(container)
    // The files are fetched before the first render, so a recorded run opens as the first session.
    const [manifest, replay] = await Promise.all([
      options.manifestUrl ? loadEmbedFile(options.manifestUrl, 'manifest') : undefined,
      options.replayUrl ? loadEmbedFile(options.replayUrl, 'replay') : undefined
    ])
    let initialManifest: unknown
    const problems = [...options.problems]
    if (manifest?.error) problems.push(manifest.error)
    else if (manifest?.text !== undefined) {
      try {
        initialManifest = JSON.parse(manifest.text) as unknown
      } catch (error) {
        problems.push(`The manifest ${options.manifestUrl?.href} is not JSON: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (replay?.error) problems.push(replay.error)
    this.render({ options, initialManifest, problems, replayText: replay?.text })
  }

  disconnectedCallback(): void {
    this.root?.unmount()
    this.client?.terminate()
    this.root = undefined
    this.client = undefined
  }

  private render({ options, initialManifest, problems, replayText }: TLoadedEmbed): void {
    if (!this.root || !this.client) return
    const { replayUrl, prompt, autorun, sideTabs, showSessions } = options
    const sessionMemory = storedSessionMemory(() => localStorage, `robota-playground:session:${options.scope ?? this.defaultScope()}`)
    this.root.render(
      <StrictMode>
        <ErrorBoundary>
          <App
            host={this.client}
            storage={undefined}
            className="embedded"
            initialManifest={initialManifest}
            notice={problems.length > 0 ? problems.join(' ') : undefined}
            shortcuts={false}
            linkSessions={false}
            sessionMemory={sessionMemory}
            takeFocusAtStart={false}
            initialSettings={toInitialSettings(options)}
            showSessions={showSessions}
            {...(prompt ? { initialPrompt: { text: prompt, autorun } } : {})}
            {...(replayUrl && replayText !== undefined ? { initialReplay: { jsonl: replayText, source: replayUrl.pathname.split('/').pop() || replayUrl.href } } : {})}
            {...(sideTabs ? { sideTabs } : {})}
          />
        </ErrorBoundary>
      </StrictMode>
    )
  }

  // The page and the element's place on it: the examples of two pages, or two on one page, are two
  // conversations. An id keeps an element's own when others are added above it.
  private defaultScope(): string {
    if (this.id) return `${location.pathname}#${this.id}`
    const index = [...document.querySelectorAll(this.localName)].indexOf(this)
    return index > 0 ? `${location.pathname}#${index + 1}` : location.pathname
  }
}

type TLoadedEmbed = { options: TEmbedOptions; initialManifest: unknown; problems: string[]; replayText: string | undefined }

// Models the proxied providers start with; Settings changes them.
const PROXIED_MODELS = { anthropic: 'claude-haiku-4-5', openai: 'gpt-4o-mini' } as const

function toInitialSettings({ theme, proxyUrl, provider }: TEmbedOptions): Partial<TPlaygroundSettings> {
  return {
    ...(theme ? { theme } : {}),
    ...(proxyUrl ? { providerProxy: proxyUrl.href } : {}),
    ...(provider ? { providerKind: provider, model: PROXIED_MODELS[provider] } : {})
  }
}

/**
 * Registers the element under `tagName` (once); a bundled app calls this, the built module does it
 * on load. Where there are no custom elements (a server rendering the page) it does nothing.
 */
export function defineRobotaPlayground(tagName = 'robota-playground'): void {
  if (typeof customElements !== 'undefined' && !customElements.get(tagName)) customElements.define(tagName, class extends RobotaPlaygroundElement {})
}
