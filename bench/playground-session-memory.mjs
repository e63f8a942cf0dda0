// Memory of a long session (issue 23, item 5), a companion of `npm run bench`: a 1,000-turn
// session (4,000 messages, 100,000 replay events) is written into the built playground's
// IndexedDB (`npx vite build` first) as its worker records one, then opened from the session list
// and closed by switching to a new empty session, three times. Read over the DevTools protocol
// after full collections, rows give:
//   - the page's and the worker's JS heap with the session open (target <= 60 MB each),
//   - each heap after closing against before opening (target within 5 MB).
// Prints `ROBOTA_BENCH_FIGURE {json}` lines (the table reads them) and a summary on stderr.
// Run: node bench/playground-session-memory.mjs [--turns=N]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { bundleForNode } from './node-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'node_modules', '.cache', 'robota-playground-benches', 'session-memory-main.mjs')
await bundleForNode(join(root, 'bench/playground/session-memory-main.ts'), bundle)
await import(pathToFileURL(bundle).href)
