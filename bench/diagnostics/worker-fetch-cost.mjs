// How long `fetch()` itself runs, synchronously, in a Web Worker: a bare GET, then a POST shaped
// like a provider SDK's request (a 30 KB JSON body, thirteen headers, then an abort signal and a
// deep async stack), each in a headless Chromium that nothing drives (its page posts the figures
// back) and in one driven by Playwright (DevTools attached to the page and its worker, as every
// Chromium bench is). It reads the part of "submit → provider request" that is the browser's own,
// and what the instrument adds to it. A diagnostic, not a figure of the table.
// Run: node bench/diagnostics/worker-fetch-cost.mjs [calls]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { LAUNCH_ARGUMENTS } from '../browser/in-memory-page.mjs'

const CALLS = Number(process.argv[2] ?? 40)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Runs in the worker: each kind of call `calls` times, timing only the synchronous `fetch()` call.
function measureInWorker(calls) {
  const messages = Array.from({ length: 300 }, (_, index) => ({ role: index % 2 ? 'assistant' : 'user', content: `Message ${index} about the workspace, its files and what to do next.` }))
  const body = JSON.stringify({ model: 'a-model', max_tokens: 1024, stream: true, messages })
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-api-key': 'sk-diagnostic',
    'anthropic-version': '2023-06-01',
    'anthropic-dangerous-direct-browser-access': 'true',
    'x-stainless-lang': 'js',
    'x-stainless-package-version': '0.0.0',
    'x-stainless-os': 'Unknown',
    'x-stainless-arch': 'unknown',
    'x-stainless-runtime': 'browser:chrome',
    'x-stainless-runtime-version': '156',
    'x-stainless-retry-count': '0',
    'x-stainless-timeout': '600'
  }
  const deepen = async (depth, work) => {
    if (depth === 0) return work()
    await null
    return deepen(depth - 1, work)
  }
  // Only the synchronous call is timed: what the worker's thread spends before the request is under way.
  let took = 0
  const timedFetch = (...args) => {
    const start = performance.now()
    const pending = fetch(...args)
    took = performance.now() - start
    return pending
  }
  const kinds = {
    'bare GET': () => timedFetch('/bare'),
    'POST, 30 KB body': () => timedFetch('/post', { method: 'POST', body }),
    'POST, 30 KB body, 13 headers': () => timedFetch('/post', { method: 'POST', body, headers }),
    'POST, 30 KB body, 13 headers, a signal, 30 awaits deep': () => deepen(30, () => timedFetch('/post', { method: 'POST', body, headers, signal: new AbortController().signal }))
  }
  return (async () => {
    const results = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]))
    for (let round = 0; round < calls; round++) {
      for (const [kind, send] of Object.entries(kinds)) {
        await (await send()).text()
        results[kind].push(took)
      }
    }
    return results
  })()
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>worker fetch cost</title><script type="module">
const worker = new Worker('/worker.js')
worker.onmessage = (event) => fetch('/results', { method: 'POST', body: JSON.stringify(event.data) })
</script>`
const WORKER = `(${measureInWorker.toString()})(${CALLS}).then((results) => postMessage(results))`

/** Serves the page, its worker and the endpoints; `nextResults()` resolves with the next figures posted back. */
async function startServer() {
  let deliver
  const server = createServer((request, response) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const send = (type, text) => {
        response.writeHead(200, { 'content-type': type })
        response.end(text)
      }
      if (request.url === '/') return send('text/html', PAGE)
      if (request.url === '/worker.js') return send('text/javascript', WORKER)
      if (request.url === '/results') deliver?.(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      return send('text/plain', 'ok')
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    nextResults: () => new Promise((resolve) => (deliver = resolve)),
    close: () => new Promise((resolve) => {
      server.close(resolve)
      server.closeAllConnections()
    })
  }
}

async function undriven(server) {
  const profile = mkdtempSync(join(tmpdir(), 'robota-fetch-cost-'))
  const results = server.nextResults()
  const browser = spawn(CHROMIUM, ['--headless=new', ...LAUNCH_ARGUMENTS, `--user-data-dir=${profile}`, server.url], { stdio: 'ignore' })
  try {
    return await results
  } finally {
    browser.kill()
    await new Promise((resolve) => browser.once('exit', resolve))
    // Its helper processes may still be writing to the profile as the browser exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
}

async function driven(server) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGUMENTS })
  try {
    const results = server.nextResults()
    await (await browser.newPage()).goto(server.url)
    return await results
  } finally {
    await browser.close()
  }
}

const summary = (values) => {
  const sorted = [...values].sort((left, right) => left - right)
  return `${sorted[sorted.length >> 1].toFixed(2)} ms (${sorted[0].toFixed(2)}–${sorted.at(-1).toFixed(2)})`
}

const server = await startServer()
try {
  for (const [label, run] of [['driven by nothing', undriven], ['driven by Playwright', driven]]) {
    const results = await run(server)
    console.log(`${label}: fetch() called in a worker, median (min–max) of ${CALLS}`)
    for (const [kind, values] of Object.entries(results)) console.log(`  ${kind.padEnd(56)} ${summary(values)}`)
  }
} finally {
  await server.close()
}
