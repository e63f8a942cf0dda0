import { execFileSync, type ExecFileSyncOptions } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = process.cwd()
const HERE = join(ROOT, 'e2e', 'consumers')

/** A fresh app's folder outside the repository, with the packed package installed. */
export type TConsumerWorkspace = {
  directory: string
  /** Runs a program of the workspace (`node`, or a bin of its node_modules) there, returning its output. */
  run(program: string, args: string[], options?: { timeoutMs?: number }): string
  remove(): void
}

/**
 * Packs the package exactly as it would be published (after `npm run build`), then installs it
 * into a new folder beside an app's toolchain (its bundlers, TypeScript and zod) from the
 * toolchain's lockfile. Neither vendor SDK is installed: the optional peers stay optional. The
 * folder lies outside the repository, so nothing resolves from the repository's node_modules.
 */
export function prepareConsumerWorkspace(): TConsumerWorkspace {
  const directory = mkdtempSync(join(tmpdir(), 'robota-consumer-'))
  const quiet: ExecFileSyncOptions = { cwd: directory, stdio: 'pipe', timeout: 300_000, env: npmEnvironment() }
  cpSync(join(HERE, 'toolchain', 'package.json'), join(directory, 'package.json'))
  cpSync(join(HERE, 'toolchain', 'package-lock.json'), join(directory, 'package-lock.json'))
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], quiet)
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', directory], { ...quiet, cwd: ROOT })
  const tarball = readdirSync(directory).find((name) => /^robota-.*\.tgz$/.test(name))
  if (!tarball) throw new Error(`npm pack left no robota-*.tgz in ${directory}`)
  execFileSync('npm', ['install', '--no-save', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], quiet)
  cpSync(join(HERE, 'apps'), join(directory, 'apps'), { recursive: true })
  cpSync(join(HERE, 'bundlers'), join(directory, 'bundlers'), { recursive: true })
  return {
    directory,
    run(program, args, options = {}) {
      const executable = program === 'node' ? process.execPath : join(directory, 'node_modules', '.bin', program)
      return execFileSync(executable, args, { cwd: directory, encoding: 'utf8', timeout: options.timeoutMs ?? 180_000, env: npmEnvironment(), stdio: 'pipe' })
    },
    remove: () => rmSync(directory, { recursive: true, force: true })
  }
}

// Without colour, so output can be read; and without the test runner's own settings.
function npmEnvironment(): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _forceColor, NODE_OPTIONS: _nodeOptions, ...env } = process.env
  return { ...env, NO_COLOR: '1' }
}
