// Measures the built playground (`npx vite build` first): the JavaScript the page's main thread
// loads before it can be used (gzip), the chunks it loads later, the embed module, and time to
// interactive on localhost (navigation start until a session is open and the prompt takes input),
// over fresh browser profiles. Prints one table; `--json` prints the numbers instead, and
// `--size-only` skips the browser. Exits non-zero when the initial JS is over budget.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** The target for the playground's initial main-thread JavaScript. */
export const INITIAL_JS_BUDGET_GZIP_BYTES = 120 * 1024

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist', 'playground')
const PORT = 4183
const RUNS = 5

/** Scripts `index.html` loads up front: module entries and their modulepreloads. */
function initialScriptPaths() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const sources = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)]
  return [...new Set(sources.map((match) => match[1]))].map((source) => join(dist, source.replace(/^\//, '')))
}

function sizeOf(path) {
  const bytes = readFileSync(path)
  return { file: path.slice(root.length + 1), bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

/** Byte counts of the initial scripts, every later chunk, and the embed module. */
export function measurePlaygroundSizes() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('No built playground: run `npx vite build` first.')
  const initial = initialScriptPaths().map(sizeOf)
  const initialFiles = new Set(initial.map((entry) => entry.file))
  const assets = join(dist, 'assets')
  const later = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => sizeOf(join(assets, name)))
    .filter((entry) => !initialFiles.has(entry.file))
  const embedPath = join(dist, 'embed', 'robota-playground.js')
  const embed = existsSync(embedPath) ? sizeOf(embedPath) : undefined
  const total = (entries) => entries.reduce((sum, entry) => ({ bytes: sum.bytes + entry.bytes, gzip: sum.gzip + entry.gzip }), { bytes: 0, gzip: 0 })
  return { initial: total(initial), initialFiles: initial, later: total(later), laterCount: later.length, embed, budgetGzip: INITIAL_JS_BUDGET_GZIP_BYTES }
}

async function waitForServer(url, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`vite preview did not answer at ${url}`)
}

/** Milliseconds from navigation start to a usable prompt, once per fresh browser profile. */
export async function measureTimeToInteractive(runs = RUNS) {
  const { chromium } = await import('@playwright/test')
  const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true })
  const url = `http://127.0.0.1:${PORT}/`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
  try {
    await waitForServer(url, Date.now() + 30_000)
    const samples = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(url)
      await page.getByLabel('Prompt').waitFor()
      await page.waitForFunction(() => document.querySelector('textarea[aria-label="Prompt"]')?.disabled === false)
      samples.push(await page.evaluate(() => performance.now()))
      await context.close()
    }
    return samples.sort((left, right) => left - right)
  } finally {
    await browser.close()
    process.kill(-server.pid)
  }
}

function kilobytes(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`
}

async function main() {
  const json = process.argv.includes('--json')
  const sizes = measurePlaygroundSizes()
  const samples = process.argv.includes('--size-only') ? undefined : await measureTimeToInteractive()
  const overBudget = sizes.initial.gzip > INITIAL_JS_BUDGET_GZIP_BYTES
  if (json) {
    console.log(JSON.stringify({ ...sizes, timeToInteractiveMs: samples }, null, 2))
  } else {
    const rows = [
      ['initial main-thread JS', kilobytes(sizes.initial.bytes), kilobytes(sizes.initial.gzip), `budget ${kilobytes(INITIAL_JS_BUDGET_GZIP_BYTES)} gzip${overBudget ? ' — OVER' : ''}`],
      [`later chunks (${sizes.laterCount}, page and worker)`, kilobytes(sizes.later.bytes), kilobytes(sizes.later.gzip), 'loaded on first use'],
      ...(sizes.embed ? [['robota/embed module', kilobytes(sizes.embed.bytes), kilobytes(sizes.embed.gzip), 'one file, panels inlined; worker apart']] : []),
      ...(samples
        ? [['time to interactive (localhost)', '', '', `median ${Math.round(samples[Math.floor(samples.length / 2)])} ms, min ${Math.round(samples[0])}, max ${Math.round(samples.at(-1))} (${samples.length} fresh profiles)`]]
        : [])
    ]
    const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length), ['measure', 'raw', 'gzip'][column].length))
    const line = (cells) => `| ${cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join(' | ')} |`
    console.log(line(['measure', 'raw', 'gzip', 'note']))
    console.log(line(widths.map((width) => '-'.repeat(width)).concat('---')))
    for (const row of rows) console.log(line(row))
  }
  if (overBudget) process.exitCode = 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
