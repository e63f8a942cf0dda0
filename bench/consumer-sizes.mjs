// What a consumer's users download, per bundler: the consumer matrix's app (e2e/consumers) is
// built from the packed package by Vite, webpack 5 and esbuild, and each build's JavaScript is
// split into the page's, the worker's before its first turn (the entry and what it imports
// statically; for webpack, the worker's chunk group in the build's stats), and what loads on first
// use (the sandbox's shell, git, the E2B and vendor adapters). Prints the bench's shared figure
// lines (`ROBOTA_BENCH_FIGURE {json}`), gzip bytes.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { CONSUMER_BUILDS, prepareConsumerWorkspace } from '../e2e/consumers/consumer-workspace.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// A string of the app's worker entry that every bundler keeps as it is.
const WORKER_MARKER = 'You are the calculator of the consumer app.'
// `import"./x.js"`, `import{a}from"./x.js"`, `export*from"./x.js"`: static imports of a sibling file.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g

if (!existsSync(join(root, 'dist/lib/lib/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' })

function scriptsUnder(directory) {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The file and every file it imports statically, transitively. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return seen
  seen.add(file)
  for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) staticClosure(resolve(dirname(file), match[1]), seen)
  return seen
}

/**
 * The scripts a webpack worker loads at start: the chunk holding its entry and that chunk's
 * siblings (the chunks of its group), from the `stats.json` the build wrote. Its other chunks load
 * through webpack's runtime on first use.
 */
function webpackWorkerAtStart(out, workerEntry) {
  const { chunks } = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'))
  const entry = chunks.find((chunk) => chunk.files.includes(relative(out, workerEntry)))
  if (!entry) throw new Error(`${out}/stats.json has no chunk for ${workerEntry}`)
  const group = chunks.filter((chunk) => chunk.id === entry.id || entry.siblings.includes(chunk.id))
  return new Set(group.flatMap((chunk) => chunk.files.filter((file) => file.endsWith('.js')).map((file) => join(out, file))))
}

function pageEntry(out, scripts) {
  const html = join(out, 'index.html')
  const source = existsSync(html) ? /<script[^>]*src="([^"]+)"/.exec(readFileSync(html, 'utf8'))?.[1] : undefined
  return source ? join(out, source.replace(/^\.?\//, '')) : scripts.find((file) => file.endsWith('/main.js'))
}

const gzip = (files) => [...files].reduce((total, file) => total + gzipSync(readFileSync(file), { level: 9 }).length, 0)

const workspace = prepareConsumerWorkspace()
try {
  for (const build of CONSUMER_BUILDS) {
    workspace.run(build.program, build.args, { timeoutMs: 300_000 })
    const out = join(workspace.directory, build.out)
    const scripts = scriptsUnder(out)
    const page = staticClosure(pageEntry(out, scripts))
    const workerEntry = scripts.find((file) => readFileSync(file, 'utf8').includes(WORKER_MARKER))
    if (!workerEntry) throw new Error(`${build.name}: no script holds the worker entry`)
    const worker = build.esModules ? staticClosure(workerEntry) : webpackWorkerAtStart(out, workerEntry)
    const later = scripts.filter((file) => !page.has(file) && !worker.has(file))
    const figures = [
      { figure: `Consumer app, ${build.name}: page JS`, samples: [gzip(page)] },
      { figure: `Consumer app, ${build.name}: worker JS before its first turn`, samples: [gzip(worker)] },
      { figure: `Consumer app, ${build.name}: loaded on first use (${later.length} files: shell, git, adapters)`, samples: [gzip(later)] }
    ]
    for (const figure of figures) console.log(`ROBOTA_BENCH_FIGURE ${JSON.stringify({ ...figure, runtime: 'browser, gzip', unit: 'bytes', better: 'lower' })}`)
  }
} finally {
  workspace.remove()
}
