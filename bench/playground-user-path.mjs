// The path a user feels (issue 23, item 3), a companion of `npm run bench`: in the built playground
// (`npx vite build` first) in Chromium, prompts sent with the Send button go through the worker
// and the official Anthropic SDK to the fake LLM server, which streams real SSE over HTTP. Rows:
//   - submit → the provider request at the server, p50 (target <= 10 ms),
//   - the first delta written to the socket → its text painted, p99 (target <= 16 ms),
//   - main-thread long tasks from submit to the end of each turn (target 0).
// Prints `ROBOTA_BENCH_FIGURE {json}` lines (the table reads them) and a summary on stderr.
// Run: node bench/playground-user-path.mjs [--turns=N]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { bundleForNode } from './node-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'node_modules', '.cache', 'robota-playground-benches', 'user-path-main.mjs')
await bundleForNode(join(root, 'bench/playground/user-path-main.ts'), bundle)
await import(pathToFileURL(bundle).href)
