import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { processTreeOf, waitForExit } from './process-tree.fixtures.ts'

const ROOT = join(import.meta.dirname, '..')

/** The `robota` command built from the sources for a test run, and how to remove it. */
export type TBuiltCli = { entry: string; remove: () => void }

/**
 * Bundles `cli/main.ts` the way the package's `bin` runs it, with the packages left to
 * `node_modules`, into a private folder under `node_modules/.cache` (so they resolve from there).
 * Dynamic imports stay dynamic (split chunks), as in the published files: the interactive client
 * and Ink load only when the command goes interactive.
 */
export async function buildCliForTests(): Promise<TBuiltCli> {
  const cache = join(ROOT, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const directory = mkdtempSync(join(cache, 'robota-cli-test-'))
  const entry = join(directory, 'robota.mjs')
  await build({
    entryPoints: [join(ROOT, 'cli/main.ts')],
    outdir: directory,
    entryNames: 'robota',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'warning'
  })
  return { entry, remove: () => rmSync(directory, { recursive: true, force: true }) }
}

/** How a terminal is opened. */
export type TTerminalOptions = {
  /** The program and its arguments. */
  command: readonly string[]
  cwd: string
  env: Record<string, string>
  columns?: number
  rows?: number
}

let socketCounter = 0

/**
 * A real terminal: a tmux server on a private socket running one program, typed into with
 * `send-keys` and read with `capture-pane`. When the program ends, the pane stays open with a
 * line giving its exit code.
 */
export class TmuxTerminal {
  private readonly socket = `robota-cli-${process.pid}-${socketCounter++}`
  private readonly scratch = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'robota-tmux-'))

  constructor(options: TTerminalOptions) {
    const launcher = join(this.scratch, 'launch.sh')
    const exports = Object.entries(options.env).map(([name, value]) => `export ${name}=${shellQuote(value)}`)
    const program = options.command.map(shellQuote).join(' ')
    // As in a CI runner's shell: the client must still draw every frame for the person at the terminal.
    writeFileSync(launcher, ['#!/bin/sh', 'export CI=true', ...exports, `${program}`, 'echo "[exited with $?]"', 'exec sleep 3600', ''].join('\n'))
    chmodSync(launcher, 0o755)
    this.tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'cli', '-x', String(options.columns ?? 120), '-y', String(options.rows ?? 40), '-c', options.cwd, launcher)
  }

  /** Types text as it is (no key names). */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'cli', '-l', text)
  }

  /** Presses named keys: `Enter`, `Escape`, `Tab`, `Up`, `C-c`… */
  press(...keys: string[]): void {
    this.tmux('send-keys', '-t', 'cli', ...keys)
  }

  /** The screen's text now, with the scrollback. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-J', '-S', '-200', '-t', 'cli')
  }

  /**
   * Waits until the screen matches; fails with the screen as it last was. The wait bounds a
   * program that never gets there, it measures nothing.
   */
  async waitFor(pattern: RegExp | string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    let screen = ''
    while (Date.now() < deadline) {
      screen = this.screen()
      if (typeof pattern === 'string' ? screen.includes(pattern) : pattern.test(screen)) return screen
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`The terminal never showed ${String(pattern)}. The screen:\n${screen}`)
  }

  /**
   * Ends the program, the tmux server and its socket. Resolves once the program has exited: a
   * client told to hang up may still be writing its session files as it goes.
   */
  async close(): Promise<void> {
    let program: number[] = []
    try {
      program = processTreeOf(Number(this.tmux('display-message', '-p', '-t', 'cli', '#{pane_pid}').trim()))
      this.tmux('kill-server')
    } catch {
      // Already gone.
    }
    // tmux leaves the socket file of a killed server behind.
    rmSync(join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`, this.socket), { force: true })
    await waitForExit(program)
    rmSync(this.scratch, { recursive: true, force: true })
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  }
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`
}
