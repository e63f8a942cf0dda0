import type { Bash, BashOptions, Command, InMemoryFs } from 'just-bash'
import type { createGitCommand } from '../git/git-command.ts'
import type { TInMemoryDefenseInDepth } from './defense-in-depth.ts'

/** The just-bash module, loaded on first use: it is about 1.25 MB and takes hundreds of ms to load. */
export type TJustBashModule = typeof import('just-bash')

/**
 * What a shell is built from, loaded on first use: just-bash and the `git` builtin over it. The
 * builtin needs just-bash to run at all, so it loads with it rather than with the code that
 * starts the sandbox (an app's worker, before its first answer).
 */
export type TShellModules = { justBash: TJustBashModule; createGitCommand: typeof createGitCommand }

/** just-bash's execution limits (loop iterations, command count, wall time, output size…). */
export type TInMemoryExecutionLimits = NonNullable<BashOptions['executionLimits']>

/** How every shell of one client is configured. */
export type TBashSettings = {
  env: Record<string, string> | undefined
  executionLimits: TInMemoryExecutionLimits | undefined
  allowedUrlPrefixes: string[] | undefined
  defenseInDepth: TInMemoryDefenseInDepth
}

/** The loaded modules, the filesystem the client owns, and the shell shared by untimed commands. */
export type TJustBashRuntime = {
  modules: TShellModules
  fs: InMemoryFs
  bash: Bash
}

let shellModules: Promise<TShellModules> | undefined

/**
 * Imports just-bash and the `git` builtin, side by side, and readies string collation while they
 * download; once per realm, shared by every client (a failed load is tried again on the next
 * call). Kept behind a function so bundlers split them off.
 */
export function loadShellModules(): Promise<TShellModules> {
  shellModules ??= importShellModules().catch((error: unknown) => {
    shellModules = undefined
    throw error
  })
  return shellModules
}

async function importShellModules(): Promise<TShellModules> {
  // Awaited together, so a download that fails while the collation runs is handled at once.
  const [[justBash, git]] = await Promise.all([Promise.all([import('just-bash'), import('../git/git-command.ts')]), readyCollationWhileLoading()])
  return { justBash, createGitCommand: git.createGitCommand }
}

/**
 * A shell sorts its option names with `localeCompare` as it is built. The first collation of a
 * JavaScript realm loads the collator's data (15–30 ms in a fresh browser worker), so it is done
 * here, in the next task: after the imports' requests have gone out and before their code arrives.
 */
function readyCollationWhileLoading(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      'a'.localeCompare('b')
      resolve()
    }, 0)
  )
}

/** Creates the filesystem seeded with `files` (keys already absolute), plus `/tmp` as tools expect. */
export function createSeededFilesystem(module: TJustBashModule, files: Map<string, string | Uint8Array>): InMemoryFs {
  const fs = new module.InMemoryFs(Object.fromEntries(files))
  fs.mkdirSync('/tmp', { recursive: true })
  return fs
}

/**
 * Builds a shell over `fs`. A `timeoutMs` becomes just-bash's wall-time limit as well, because a
 * CPU-bound loop never yields to the event loop, so no timer or abort event could stop it.
 * `commands` adds builtins for this shell only, such as a `trap` bound to one command.
 */
export function createBash(
  modules: TShellModules,
  fs: InMemoryFs,
  cwd: string,
  settings: TBashSettings,
  timeoutMs?: number,
  commands: Command[] = []
): Bash {
  const configuredLimit = settings.executionLimits?.maxExecutionTimeMs
  const maxExecutionTimeMs =
    timeoutMs === undefined ? configuredLimit : Math.max(1, Math.min(timeoutMs, configuredLimit ?? Number.POSITIVE_INFINITY))
  return new modules.justBash.Bash({
    fs,
    cwd,
    ...(settings.env === undefined ? {} : { env: settings.env }),
    executionLimits: { ...settings.executionLimits, ...(maxExecutionTimeMs === undefined ? {} : { maxExecutionTimeMs }) },
    // git over isomorphic-git on this same filesystem; it reaches only the URLs curl may reach.
    customCommands: [modules.createGitCommand({ allowedUrlPrefixes: settings.allowedUrlPrefixes }), ...commands],
    ...(settings.allowedUrlPrefixes === undefined ? {} : { network: { allowedUrlPrefixes: settings.allowedUrlPrefixes } }),
    defenseInDepth: settings.defenseInDepth
  })
}
