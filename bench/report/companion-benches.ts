import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { BENCH_CACHE, BENCH_ROOT, PROJECT_ROOT } from '../size/project-paths.ts'
import type { TExternalFigure } from './bench-results.ts'
import { parseFigures, readFigureLines } from './figure-lines.ts'
import { toMarkdownTableFigures } from './markdown-table-figures.ts'
import { toPlaygroundFigures } from './playground-size-figures.ts'

/** What the companion benches added to the table, and what to say about those that did not. */
export type TCompanionOutcome = { figures: TExternalFigure[]; notes: string[] }

/** A companion bench this table knows: how to start it and how to read what it prints. */
type TKnownCompanion = {
  file: string
  args: string[]
  /** A step it needs first, such as a fresh build, when `isNeeded` says so. */
  prepare?: { command: string; args: string[]; isNeeded(): boolean }
  /** Reads its figures from its stdout; without it, they are read in the shared format. */
  read?(stdout: string): TExternalFigure[]
  /** How long it may run, when longer than the default. */
  timeoutMilliseconds?: number
}

// Benches of the vite build in dist/playground need the build to match this tree; building only
// when stale leaves a fresh build alone (a preview may be serving it).
const BUILD_PLAYGROUND = { command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'], isNeeded: isPlaygroundBuildStale }

const KNOWN_COMPANIONS: readonly TKnownCompanion[] = [
  { file: 'playground-size.mjs', args: ['--json'], prepare: BUILD_PLAYGROUND, read: toPlaygroundFigures },
  { file: 'playground-user-path.mjs', args: [], prepare: BUILD_PLAYGROUND, read: readFigureLines },
  // It first writes a 1,000-turn session through the store, which alone takes a minute or two.
  { file: 'playground-session-memory.mjs', args: [], prepare: BUILD_PLAYGROUND, read: readFigureLines, timeoutMilliseconds: 480_000 },
  // It records a 1,000-turn session, then stores 200 sessions of 4,000 messages to list them.
  { file: 'storage-long-session.mjs', args: [], timeoutMilliseconds: 600_000 },
  { file: 'worker-throughput.mjs', args: [], read: (stdout) => toMarkdownTableFigures(stdout, 'Chromium, through the worker') }
]

function newestModification(path: string): number {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
    .reduce((newest, name) => Math.max(newest, newestModification(join(path, name))), stats.mtimeMs)
}

function isPlaygroundBuildStale(): boolean {
  const built = join(PROJECT_ROOT, 'dist/playground/index.html')
  if (!existsSync(built)) return true
  const sources = ['lib', 'sandbox', 'worker', 'playground', 'vite.config.ts', 'package.json'].map((path) => join(PROJECT_ROOT, path))
  return Math.max(...sources.filter((path) => existsSync(path)).map(newestModification)) > statSync(built).mtimeMs
}

const COMPANION_FILE = /^(worker|playground|sandbox|storage|consumer|server)-[\w.-]+\.mjs$/
const COMPANION_TIMEOUT_MILLISECONDS = 240_000

/**
 * The hook for companions this table does not know yet: a companion adds rows by writing a JSON
 * array of `TExternalFigure` to the file named by `ROBOTA_BENCH_FIGURES`, or by printing lines
 * `ROBOTA_BENCH_FIGURE {json}` on stdout.
 */
function readSharedFormat(stdout: string, figuresFile: string): TExternalFigure[] {
  const figures: TExternalFigure[] = []
  if (existsSync(figuresFile)) {
    figures.push(...parseFigures(readFileSync(figuresFile, 'utf8')))
    rmSync(figuresFile)
  }
  figures.push(...readFigureLines(stdout))
  return figures
}

// A companion's stderr (build chatter) is shown only when it fails, so the run ends in one table.
function run(command: string, args: readonly string[], figuresFile: string, timeout = COMPANION_TIMEOUT_MILLISECONDS): { status: number | null; stdout: string } {
  const result = spawnSync(command, args, {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, ROBOTA_BENCH_FIGURES: figuresFile },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout,
    maxBuffer: 64 * 1024 * 1024
  })
  if (result.status !== 0) process.stderr.write(`${[command, ...args].join(' ')} failed:\n${(result.stderr ?? '').split('\n').slice(-30).join('\n')}\n`)
  return { status: result.status, stdout: result.stdout ?? '' }
}

/**
 * Runs the companion benches beside bench/ (each `bench/worker-*.mjs`, `bench/playground-*.mjs`,
 * `bench/sandbox-*.mjs` and `bench/storage-*.mjs`; only those named in `only`, without `.mjs`,
 * when given) one after another and collects their figures: known companions through their own
 * output, others through the shared format.
 */
export function runCompanionBenches(log: (line: string) => void, only?: readonly string[]): TCompanionOutcome {
  const figures: TExternalFigure[] = []
  const notes: string[] = []
  const files = readdirSync(BENCH_ROOT)
    .filter((name) => COMPANION_FILE.test(name) && (only === undefined || only.includes(name.replace(/\.mjs$/, ''))))
    .sort()
  if (only) notes.push(`Only these companion benches ran (--companions): ${only.join(', ')}.`)
  if (files.length === 0) notes.push('No companion benches (bench/{worker,playground,sandbox,storage}-*.mjs) were found: their rows are absent.')
  mkdirSync(BENCH_CACHE, { recursive: true })
  for (const file of files) {
    const known = KNOWN_COMPANIONS.find((companion) => companion.file === file)
    const figuresFile = join(BENCH_CACHE, `companion-${file}.json`)
    rmSync(figuresFile, { force: true })
    log(`companion: bench/${file}`)
    if (known?.prepare?.isNeeded()) {
      const prepared = run(known.prepare.command, known.prepare.args, figuresFile)
      if (prepared.status !== 0) {
        notes.push(`bench/${file} not run: \`${known.prepare.command} ${known.prepare.args.join(' ')}\` failed (exit ${String(prepared.status)}).`)
        continue
      }
    }
    const result = run(process.execPath, [join(BENCH_ROOT, file), ...(known?.args ?? [])], figuresFile, known?.timeoutMilliseconds)
    let found: TExternalFigure[] = []
    try {
      found = known?.read ? known.read(result.stdout) : readSharedFormat(result.stdout, figuresFile)
    } catch (error) {
      notes.push(`bench/${file}: its output could not be read (${error instanceof Error ? error.message : String(error)}).`)
    }
    figures.push(...found)
    if (result.status !== 0) notes.push(`bench/${file} exited with ${String(result.status)}${found.length > 0 ? '; its figures are still shown' : ''}.`)
    else if (found.length === 0) notes.push(`bench/${file} ran but reported no figures this table can read.`)
  }
  return { figures, notes }
}
