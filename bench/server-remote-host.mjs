// Bench of the remote agent host, a companion of `npm run bench` (bench/report/companion-benches.ts
// starts every bench/server-*.mjs): throughput of fifty WebSocket sessions × twenty tool rounds
// on one Node host, in rounds per second (each round a Write tool call and the model's answer,
// through the real page client, ws and the host). Figures go to the file named by
// ROBOTA_BENCH_FIGURES (a JSON array of TExternalFigure), or to stdout as
// `ROBOTA_BENCH_FIGURE {json}` lines without it; a summary goes to stderr.
// Run: node bench/server-remote-host.mjs
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleForNode } from './node-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'node_modules', '.cache', 'robota-server-bench', 'remote-host-node-main.mjs')
await bundleForNode(join(root, 'bench/server/remote-host-node-main.ts'), bundle)
// Its own process, so nothing else shares its heap or its JIT.
const run = spawnSync(process.execPath, [bundle], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
if (run.status !== 0) throw new Error(`the remote host bench failed (exit ${run.status}):\n${run.stderr}`)
const figure = JSON.parse(run.stdout.trim().split('\n').pop())
const figuresFile = process.env.ROBOTA_BENCH_FIGURES
if (figuresFile) writeFileSync(figuresFile, JSON.stringify([figure]))
else process.stdout.write(`ROBOTA_BENCH_FIGURE ${JSON.stringify(figure)}\n`)
const sorted = [...figure.samples].sort((left, right) => left - right)
process.stderr.write(
  `\nRemote agent host\n\n${figure.figure} (${figure.runtime}): median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} rounds/s, ` +
    `${sorted[0].toFixed(0)}–${sorted.at(-1).toFixed(0)} over ${sorted.length} samples. Load average at the end: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.\n`
)
