// Declarations of `robota/embed`: the `<robota-playground>` element, built as one ES module with
// its worker and the worker's chunks in `assets/` beside it (dist/playground/embed/).

/** Attributes `<robota-playground>` reads when it connects. */
export declare const ROBOTA_PLAYGROUND_ATTRIBUTES: readonly ['manifest', 'provider']

/**
 * `<robota-playground manifest="./workspace.json" provider="demo">`: the whole playground in a
 * shadow root, with its agent in a Web Worker beside the module. `manifest` is the URL of a
 * workspace manifest (JSON) applied to the first session; `provider` is `demo` (the scripted
 * offline model, the default).
 */
export declare class RobotaPlaygroundElement extends HTMLElement {
  connectedCallback(): Promise<void>
  disconnectedCallback(): void
}

/** Registers `<robota-playground>` (once; later calls do nothing). Loading the module does it too. */
export declare function defineRobotaPlayground(tagName?: string): void

declare global {
  interface HTMLElementTagNameMap {
    'robota-playground': RobotaPlaygroundElement
  }
}
