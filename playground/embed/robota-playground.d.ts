// Declarations of `robota/embed`: the `<robota-playground>` element, built as one ES module with
// its worker and the worker's chunks in `assets/` beside it (dist/playground/embed/).

/** Attributes `<robota-playground>` reads when it connects. */
export declare const ROBOTA_PLAYGROUND_ATTRIBUTES: readonly ['manifest', 'provider', 'replay', 'prompt', 'autorun', 'proxy', 'theme', 'height', 'panels', 'scope']

/**
 * `<robota-playground>`: the whole playground in a shadow root, with its agent in a Web Worker
 * beside the module. Attributes, read when it connects (a bad value is named in the element):
 * - `manifest`: URL of a workspace manifest (JSON) applied to the first session.
 * - `replay`: URL of an exported replay log (JSONL, same origin under a strict CSP): verified by its
 *   hash chain, played back at its recorded pace ("Skip to end"), then continued by the reader.
 * - `prompt`: text the prompt box starts with; with `autorun`, sent once the session is ready (once
 *   per session: a reader who comes back finds its answer).
 * - `proxy`: the app's provider proxy (`/api/llm`): Anthropic and OpenAI go through
 *   `<proxy>/anthropic` and `<proxy>/openai` with no key in the page.
 * - `provider`: `demo` (the scripted offline model, the default), or `anthropic` / `openai` with `proxy`.
 * - `theme`: `light`, `dark` or `system`. `height`: a CSS length such as `480px` or `70vh`.
 * - `panels`: which parts show, from `sessions chat replay workspace plugins` (all when absent).
 * - `scope`: elements of one scope reopen the same session; by default each element has its own
 *   (its page's path, and its `id` or place on the page).
 */
export declare class RobotaPlaygroundElement extends HTMLElement {
  connectedCallback(): Promise<void>
  disconnectedCallback(): void
}

/** Registers `<robota-playground>` (once; later calls do nothing). Loading the module does it too. */
export declare function defineRobotaPlayground(tagName?: string): void

/** The attributes of `<robota-playground>`, for JSX and typed `setAttribute` helpers. */
export interface IRobotaPlaygroundAttributes {
  manifest?: string
  replay?: string
  prompt?: string
  autorun?: boolean | ''
  proxy?: string
  provider?: 'demo' | 'anthropic' | 'openai'
  theme?: 'light' | 'dark' | 'system'
  height?: string
  panels?: string
  scope?: string
}

declare global {
  interface HTMLElementTagNameMap {
    'robota-playground': RobotaPlaygroundElement
  }
}
