// Bench of E2B snapshot cost, a companion of `npm run bench` (issue 23, item 4). In Node, sessions
// over the E2B adapter and the fake E2B cloud run four kinds of turn (three writing rounds; a
// write and a command; reads only; no tools) and count the cloud's `createSnapshot()` calls per
// turn: at most one per turn (target), none for the turns that change nothing. The per-round rule
// (one snapshot after each writing round, which local snapshots keep) runs beside it.
// Figures go to the file named by ROBOTA_BENCH_FIGURES; a summary goes to stderr.
// Run: node bench/sandbox-e2b-snapshots.mjs
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleForNode } from './node-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'node_modules', '.cache', 'robota-e2b-snapshots-bench', 'e2b-snapshots-main.mjs')
await bundleForNode(join(root, 'bench/sandbox/e2b-snapshots-main.ts'), bundle)
const run = spawnSync(process.execPath, [bundle], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
if (run.status !== 0) throw new Error(`the E2B snapshot bench failed (exit ${run.status}):\n${run.stderr}`)
const { turns, perTurn, perRound } = JSON.parse(run.stdout.trim().split('\n').pop())

const runtime = `Node ${process.versions.node}, fake E2B cloud`
const unchanged = turns.map((name, index) => ({ name, index })).filter(({ name }) => name === 'reads only' || name === 'no tools')
const figures = [
  {
    figure: `E2B snapshots of the turn that took most (${turns.join('; ')})`,
    runtime,
    unit: 'count',
    better: 'lower',
    samples: [Math.max(...perTurn)],
    target: 1,
    targetKind: 'lower'
  },
  {
    figure: 'E2B snapshots per turn that changes nothing (reads only; no tools)',
    runtime,
    unit: 'count',
    better: 'lower',
    samples: unchanged.map(({ index }) => perTurn[index]),
    target: 0,
    targetKind: 'equal'
  },
  { figure: `E2B snapshots of the turn that took most, one per writing round (the rule for local snapshots)`, runtime, unit: 'count', better: 'lower', samples: [Math.max(...perRound)] }
]
if (process.env.ROBOTA_BENCH_FIGURES) writeFileSync(process.env.ROBOTA_BENCH_FIGURES, JSON.stringify(figures))
process.stderr.write(
  `\nE2B snapshots per turn (${runtime})\n` +
    turns.map((name, index) => `  ${name}: ${perTurn[index]} (one per writing round: ${perRound[index]})`).join('\n') +
    '\n'
)
