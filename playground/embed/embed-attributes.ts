import type { TSideTab } from '../shell/side-panel.tsx'
import type { TThemeChoice } from '../settings/playground-settings.ts'

/** Attributes `<robota-playground>` reads when it connects. */
export const ROBOTA_PLAYGROUND_ATTRIBUTES = ['manifest', 'provider', 'replay', 'prompt', 'autorun', 'proxy', 'theme', 'height', 'panels', 'scope'] as const

/** One of the element's attribute names. */
export type TRobotaPlaygroundAttribute = (typeof ROBOTA_PLAYGROUND_ATTRIBUTES)[number]

/** A panel the `panels` attribute may name: the session list, the chat (always shown), and the side tabs. */
export type TEmbedPanel = 'sessions' | 'chat' | TSideTab

/** What the attributes ask for, checked; `problems` says, in words, which attribute was refused and why. */
export type TEmbedOptions = {
  manifestUrl?: URL
  replayUrl?: URL
  prompt?: string
  autorun: boolean
  proxyUrl?: URL
  /** A real provider to start with, reached through `proxyUrl`; the offline demo when absent. */
  provider?: TProxiedProvider
  theme?: TThemeChoice
  height?: string
  /** The side tabs to show, in the order given; `undefined` shows them all. */
  sideTabs?: TSideTab[]
  /** False when `panels` leaves out `sessions`. */
  showSessions: boolean
  /** Which elements share the session they open (the same scope on two pages does); by default, the element's own. */
  scope?: string
  problems: string[]
}

/** The providers the app's provider proxy forwards to, by the route it mounts each under. */
export type TProxiedProvider = 'anthropic' | 'openai'

const PROXIED_PROVIDERS: readonly TProxiedProvider[] = ['anthropic', 'openai']
const THEMES: readonly TThemeChoice[] = ['system', 'light', 'dark']
const SIDE_TABS: readonly TSideTab[] = ['replay', 'workspace', 'plugins']
const PANELS: readonly TEmbedPanel[] = ['sessions', 'chat', ...SIDE_TABS]
// A CSS length a reader can predict: a positive number with an absolute, font or viewport unit.
const CSS_LENGTH = /^\d+(\.\d+)?(px|em|rem|vh|svh|dvh|lvh|cm|mm|in|pt)$/

/** Reads and checks the element's attributes, resolving URLs against `baseUrl` (the page's). */
export function readEmbedAttributes(element: Pick<Element, 'getAttribute' | 'hasAttribute'>, baseUrl: string): TEmbedOptions {
  const problems: string[] = []
  const text = (name: TRobotaPlaygroundAttribute) => element.getAttribute(name)?.trim() || undefined
  const url = (name: TRobotaPlaygroundAttribute) => {
    const value = text(name)
    if (!value) return undefined
    try {
      const resolved = new URL(value, baseUrl)
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') return resolved
    } catch {
      // Reported below, with the value that was given.
    }
    problems.push(`The ${name} attribute must be an http(s) URL or a path; got "${value}".`)
    return undefined
  }
  const options: TEmbedOptions = { autorun: element.hasAttribute('autorun'), showSessions: true, problems }
  const manifestUrl = url('manifest')
  if (manifestUrl) options.manifestUrl = manifestUrl
  const replayUrl = url('replay')
  if (replayUrl) options.replayUrl = replayUrl
  const proxyUrl = url('proxy')
  if (proxyUrl) options.proxyUrl = proxyUrl
  const prompt = element.getAttribute('prompt')?.trim()
  if (prompt) options.prompt = prompt
  if (options.autorun && !prompt) problems.push('The autorun attribute sends the prompt attribute, and there is none.')
  else if (options.autorun && prompt === '/') problems.push('The autorun attribute sends the prompt attribute, and "/" names no command; give a command such as "/help", or a message.')

  const theme = text('theme')
  if (theme) {
    const known = THEMES.find((candidate) => candidate === theme)
    if (known) options.theme = known
    else problems.push(`The theme attribute must be light, dark or system; got "${theme}".`)
  }
  const height = text('height')
  if (height) {
    if (CSS_LENGTH.test(height)) options.height = height
    else problems.push(`The height attribute must be a CSS length such as 480px, 40rem or 70vh; got "${height}".`)
  }
  const panels = text('panels')
  if (panels !== undefined) {
    const named = panels.split(/[\s,]+/).filter(Boolean)
    const unknown = named.filter((name) => !PANELS.some((panel) => panel === name))
    if (unknown.length > 0) problems.push(`The panels attribute names ${unknown.map((name) => `"${name}"`).join(', ')}; it takes ${PANELS.join(', ')}.`)
    options.sideTabs = SIDE_TABS.filter((tab) => named.includes(tab)).sort((a, b) => named.indexOf(a) - named.indexOf(b))
    options.showSessions = named.includes('sessions')
  }
  const scope = text('scope')
  if (scope) options.scope = scope
  const provider = text('provider')
  if (provider && provider !== 'demo') {
    const known = PROXIED_PROVIDERS.find((candidate) => candidate === provider)
    if (!known) problems.push(`The provider attribute takes demo, anthropic or openai; got "${provider}".`)
    else if (!options.proxyUrl) problems.push(`The provider attribute "${provider}" needs the proxy attribute (the app's provider proxy); without it, choose the provider and enter a key in Settings.`)
    else options.provider = known
  }
  return options
}
