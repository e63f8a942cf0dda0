// Prints what happens, in order, while the built playground starts on a fresh profile: the page's
// resources (request and response), when the agent worker is constructed, each call the page makes
// to the worker's host and its answer, long tasks, React's first commit into the page, when the
// prompt takes input and when the first session is open. Ordering, not a figure: it shows which
// path (the page's or the worker's) each waited on.
// Run after `npx vite build`: node bench/diagnostics/playground-startup-timeline.mjs [runs]   (the last run is printed)
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { markStartup, waitForServer } from '../playground-size.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const PORT = 4184

// Installed before the page's own scripts: notes worker construction, the host calls the page
// posts (comlink's `{ id, type, path }`) and their answers, long tasks and React's first commit.
// The prompt taking input and the session's opening are the bench's own marks (`markStartup`).
function instrumentPage() {
  const log = []
  Object.assign(window, { robotaStartupLog: log })
  const now = () => performance.now()
  const Original = window.Worker
  window.Worker = class extends Original {
    constructor(url, options) {
      log.push([now(), 'worker constructed', String(url).split('/').pop()])
      super(url, options)
      this.addEventListener('message', (event) => {
        if (typeof event.data?.id === 'string') log.push([now(), 'answer', event.data.id.slice(0, 6)])
      })
    }
    postMessage(message, ...rest) {
      if (typeof message?.id === 'string') log.push([now(), 'call', `${message.id.slice(0, 6)} ${(message.path ?? []).join('.') || message.type}`])
      return super.postMessage(message, ...rest)
    }
  }
  new MutationObserver(() => {
    if (!window.robotaFirstCommitAt && document.getElementById('root')?.firstChild) {
      window.robotaFirstCommitAt = now()
      log.push([now(), 'REACT FIRST COMMIT', ''])
    }
  }).observe(document, { subtree: true, childList: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) log.push([entry.startTime, entry.entryType, `${entry.name} ${entry.duration.toFixed(0)} ms`])
  }).observe({ entryTypes: ['paint', 'longtask'] })
}

async function main() {
  const runs = Number(process.argv[2] ?? 3)
  const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true })
  const url = `http://127.0.0.1:${PORT}/`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
  try {
    await waitForServer(url, Date.now() + 30_000)
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext()
      await context.addInitScript(instrumentPage)
      await context.addInitScript(markStartup)
      const page = await context.newPage()
      await page.goto(url)
      await page.waitForFunction(() => window.robotaStartupMarks.sessionOpen !== undefined)
      // A moment more, for the answers that follow the session's opening.
      await page.waitForTimeout(300)
      const { log, enabledAt, openAt } = await page.evaluate(() => ({
        enabledAt: window.robotaStartupMarks.promptTakesInput,
        openAt: window.robotaStartupMarks.sessionOpen,
        log: [
          ...window.robotaStartupLog,
          [window.robotaStartupMarks.promptTakesInput, 'PROMPT TAKES INPUT', ''],
          [window.robotaStartupMarks.sessionOpen, 'SESSION OPEN', ''],
          ...performance.getEntriesByType('resource').map((entry) => [entry.startTime, 'resource', `${entry.name.split('/').pop()} (request ${entry.requestStart.toFixed(0)}, response end ${entry.responseEnd.toFixed(0)})`])
        ]
      }))
      console.log(`run ${run + 1}: the prompt takes input at ${enabledAt.toFixed(0)} ms, the session is open at ${openAt.toFixed(0)} ms (load average ${loadavg()[0].toFixed(1)})`)
      if (run === runs - 1) for (const [at, kind, what] of log.sort((left, right) => left[0] - right[0])) console.log(`${at.toFixed(1).padStart(8)} ms  ${kind}  ${what}`)
      await context.close()
    }
  } finally {
    await browser.close()
    process.kill(-server.pid)
  }
}

await main()
