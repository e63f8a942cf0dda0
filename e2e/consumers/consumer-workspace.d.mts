/** A fresh app's folder outside the repository, with the packed package installed. */
export type TConsumerWorkspace = {
  directory: string
  /** Runs a program of the workspace (`node`, or a bin of its node_modules) there, returning its output. */
  run(program: string, args: string[], options?: { timeoutMs?: number }): string
  remove(): void
}

/** How one bundler builds the consumer app. */
export type TConsumerBuild = { name: string; program: string; args: string[]; out: string; esModules: boolean }

export function prepareConsumerWorkspace(): TConsumerWorkspace
export const CONSUMER_BUILDS: readonly TConsumerBuild[]
/** Vite 7's command (Rollup builds), beside Vite 8's. */
export const VITE_ROLLUP: string
