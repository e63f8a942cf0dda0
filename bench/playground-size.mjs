// Measures the built playground (`npx vite build` first): the JavaScript the page's main thread
// loads before it can be used (gzip), the chunks it loads later, the embed module with the chunks
// it imports statically (what a page loads before the element paints), and, over fresh browser
// profiles on localhost, time to interactive (navigation start until the page has painted and its
// prompt takes input; what is sent before the first session opens waits for it) and time until
// that session is open, with the CPU time the page's main thread and the agent worker used until
// the session was open (traced starts apart from the timed ones). Prints one table; `--json` prints the numbers
// instead, and `--size-only` skips the browser. Exits non-zero when the initial JS is over budget.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { pageThreadCpuMs, THREAD_CPU_TRACE_CATEGORIES } from './browser/thread-cpu-time.mjs'

/** The target for the playground's initial main-thread JavaScript. */
export const INITIAL_JS_BUDGET_GZIP_BYTES = 120 * 1024

/** The target for `robota/embed`: its module and the chunks it imports statically. */
export const EMBED_BUDGET_GZIP_BYTES = 80 * 1000

/** The target for time to interactive on a fresh profile. */
export const TIME_TO_INTERACTIVE_TARGET_MS = 250

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist', 'playground')
const PORT = 4183
const RUNS = 5
// Further starts, traced, for the CPU time until the first session is open (kept apart so tracing costs the figure nothing).
const CPU_RUNS = 3

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

// A bundler's output puts its static imports first: `import{a as b}from"./c.js";import"./d.js";`.
const LEADING_IMPORT = /^\s*import\s*(?:[^'";]*?from\s*)?(["'])([^"']+)\1\s*;?/

/** `path` and every file it imports statically, read from the leading import statements. */
function staticImportClosure(path) {
  const found = new Set()
  const pending = [path]
  while (pending.length > 0) {
    const current = pending.pop()
    if (found.has(current)) continue
    found.add(current)
    let code = readFileSync(current, 'utf8')
    for (let match = LEADING_IMPORT.exec(code); match; match = LEADING_IMPORT.exec(code)) {
      if (match[2].startsWith('.')) pending.push(join(dirname(current), match[2]))
      code = code.slice(match[0].length)
    }
  }
  return [...found]
}

/** Byte counts of the initial scripts, every later chunk, and the embed module with its static imports. */
export function measurePlaygroundSizes() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('No built playground: run `npx vite build` first.')
  const initial = initialScriptPaths().map(sizeOf)
  const initialFiles = new Set(initial.map((entry) => entry.file))
  const assets = join(dist, 'assets')
  const later = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => sizeOf(join(assets, name)))
    .filter((entry) => !initialFiles.has(entry.file))
  const total = (entries) => entries.reduce((sum, entry) => ({ bytes: sum.bytes + entry.bytes, gzip: sum.gzip + entry.gzip }), { bytes: 0, gzip: 0 })
  const embedPath = join(dist, 'embed', 'robota-playground.js')
  const embedFiles = existsSync(embedPath) ? staticImportClosure(embedPath).map(sizeOf) : []
  const embed = embedFiles.length > 0 ? { file: embedFiles[0].file, ...total(embedFiles), files: embedFiles.map((entry) => entry.file) } : undefined
  return {
    initial: total(initial),
    initialFiles: initial,
    later: total(later),
    laterCount: later.length,
    embed,
    budgetGzip: INITIAL_JS_BUDGET_GZIP_BYTES,
    embedBudgetGzip: EMBED_BUDGET_GZIP_BYTES
  }
}

/** Resolves once `url` answers, polling until `deadline` (epoch milliseconds). */
export async function waitForServer(url, deadline) {
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

// Installed before the page's scripts: notes, on the page's clock, when the prompt first takes
// input and when the first session is open (the chat no longer busy). Read as they happen, not
// when a poll from outside sees them.
export function markStartup() {
  const marks = {}
  Object.assign(window, { robotaStartupMarks: marks })
  new MutationObserver(() => {
    const prompt = document.querySelector('textarea[aria-label="Prompt"]')
    if (!prompt || prompt.disabled) return
    marks.promptTakesInput ??= performance.now()
    const chat = document.querySelector('main[aria-label="Chat"]')
    if (chat && !chat.hasAttribute('aria-busy')) marks.sessionOpen ??= performance.now()
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'aria-busy'] })
}

/**
 * Once the first session is open: milliseconds from navigation start until the page had painted
 * (first contentful paint) and its prompt took input, and until the session was open.
 */
async function startupMarks(page) {
  await page.waitForFunction(() => window.robotaStartupMarks.sessionOpen !== undefined && performance.getEntriesByName('first-contentful-paint').length > 0)
  return page.evaluate(() => {
    const marks = window.robotaStartupMarks
    const painted = performance.getEntriesByName('first-contentful-paint')[0].startTime
    return { interactive: Math.max(painted, marks.promptTakesInput), sessionOpen: marks.sessionOpen }
  })
}

// How long a person takes to type a first prompt once the page is ready: what the page and its
// worker ready while idle (the in-memory shell's code, the Markdown renderer) is ready by then.
const TYPING_MS = 1_500

/**
 * After the first session is open and a person's typing time: milliseconds from sending the
 * offline demo's first prompt until its answer is in the page (the turn started its sandbox first).
 */
async function firstAnswerMs(page) {
  await page.waitForTimeout(TYPING_MS)
  await page.getByLabel('Prompt').fill('What is in this workspace?')
  const sentAt = await page.evaluate(() => performance.now())
  await page.keyboard.press('Enter')
  const answeredAt = await page.waitForFunction(() => document.querySelector('[aria-label="Conversation"] article.assistant') && performance.now(), null, { polling: 'raf' })
  return (await answeredAt.jsonValue()) - sentAt
}

/**
 * Milliseconds from navigation start to a usable prompt and to an open session, once per fresh
 * browser profile, and the CPU milliseconds the page's main thread and its agent worker used until
 * the session was open, from `cpuRuns` further traced starts.
 */
export async function measureStartup(runs = RUNS, cpuRuns = CPU_RUNS) {
  const { chromium } = await import('@playwright/test')
  const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true })
  const url = `http://127.0.0.1:${PORT}/`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
  try {
    await waitForServer(url, Date.now() + 30_000)
    const samples = { timeToInteractiveMs: [], timeToSessionOpenMs: [], timeToFirstAnswerMs: [], cpuUntilSessionOpenMs: { main: [], worker: [] } }
    for (let run = 0; run < runs + cpuRuns; run++) {
      const traced = run >= runs
      const context = await browser.newContext()
      await context.addInitScript(markStartup)
      const page = await context.newPage()
      if (traced) await browser.startTracing(page, { categories: THREAD_CPU_TRACE_CATEGORIES })
      await page.goto(url)
      const marks = await startupMarks(page)
      if (traced) {
        const cpu = pageThreadCpuMs(await browser.stopTracing())
        if (cpu) {
          samples.cpuUntilSessionOpenMs.main.push(cpu.main)
          samples.cpuUntilSessionOpenMs.worker.push(cpu.workers)
        }
      } else {
        samples.timeToInteractiveMs.push(marks.interactive)
        samples.timeToSessionOpenMs.push(marks.sessionOpen)
        samples.timeToFirstAnswerMs.push(await firstAnswerMs(page))
      }
      await context.close()
    }
    return samples
  } finally {
    await browser.close()
    process.kill(-server.pid)
  }
}

function kilobytes(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`
}

function median(values) {
  const sorted = [...values].sort((left, right) => left - right)
  return sorted[Math.floor(sorted.length / 2)]
}

function spread(values, target) {
  const sorted = [...values].sort((left, right) => left - right)
  const figures = `median ${Math.round(median(sorted))} ms, min ${Math.round(sorted[0])}, max ${Math.round(sorted.at(-1))} (${sorted.length} fresh profiles)`
  return target === undefined ? figures : `${figures}; target ≤ ${target} ms ${median(sorted) <= target ? '✓' : '✗'}`
}

function cpuSpread({ main, worker }) {
  if (main.length === 0) return 'not measured (no trace of the page and its worker)'
  return `median ${Math.round(median(main))} ms on the page's main thread, ${Math.round(median(worker))} ms in the agent worker (${main.length} traced starts)`
}

async function main() {
  const json = process.argv.includes('--json')
  const sizes = measurePlaygroundSizes()
  const samples = process.argv.includes('--size-only') ? undefined : await measureStartup()
  const overBudget = sizes.initial.gzip > INITIAL_JS_BUDGET_GZIP_BYTES
  const embedOverBudget = sizes.embed !== undefined && sizes.embed.gzip > EMBED_BUDGET_GZIP_BYTES
  if (json) {
    const targets = { timeToInteractiveTargetMs: TIME_TO_INTERACTIVE_TARGET_MS }
    console.log(JSON.stringify({ ...sizes, ...samples, ...targets }, null, 2))
  } else {
    const rows = [
      ['initial main-thread JS', kilobytes(sizes.initial.bytes), kilobytes(sizes.initial.gzip), `budget ${kilobytes(INITIAL_JS_BUDGET_GZIP_BYTES)} gzip${overBudget ? ' — OVER' : ''}`],
      [`later chunks (${sizes.laterCount}, page and worker)`, kilobytes(sizes.later.bytes), kilobytes(sizes.later.gzip), 'loaded on first use'],
      ...(sizes.embed
        ? [['robota/embed before first paint', kilobytes(sizes.embed.bytes), kilobytes(sizes.embed.gzip), `${sizes.embed.files.length} files; target ${kilobytes(EMBED_BUDGET_GZIP_BYTES)} gzip${embedOverBudget ? ' — over' : ''}`]]
        : []),
      ...(samples
        ? [
            ['time to interactive (localhost)', '', '', spread(samples.timeToInteractiveMs, TIME_TO_INTERACTIVE_TARGET_MS)],
            ['time until the first session is open', '', '', spread(samples.timeToSessionOpenMs)],
            ['first prompt, sent after typing: until its answer is in the page', '', '', spread(samples.timeToFirstAnswerMs)],
            ['CPU until the first session is open', '', '', cpuSpread(samples.cpuUntilSessionOpenMs)]
          ]
        : [])
    ]
    const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length), ['measure', 'raw', 'gzip'][column].length))
    const line = (cells) => `| ${cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join(' | ')} |`
    console.log(line(['measure', 'raw', 'gzip', 'note']))
    console.log(line(widths.map((width) => '-'.repeat(width)).concat('---')))
    for (const row of rows) console.log(line(row))
  }
  // The embed's figure is a target the bench table marks; bench/size/size-budgets.test.ts holds it from growing.
  if (overBudget) process.exitCode = 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
