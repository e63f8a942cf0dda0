import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { runInChromium } from './browser/run-in-chromium.ts'
import type { TSuitePlan } from './measure/bench-runtime.ts'
import { createNodeRuntime } from './measure/node-runtime.ts'
import { NODE_LIBRARY_ARGUMENT, runNodeSuiteInChildren } from './measure/node-suite-in-children.ts'
import { runSuite, type TSuiteFigures } from './measure/run-suite.ts'
import { FULL_PLAN, QUICK_PLAN } from './measure/suite-plans.ts'
import type { TBenchResults } from './report/bench-results.ts'
import { buildRows } from './report/build-rows.ts'
import { runCompanionBenches } from './report/companion-benches.ts'
import { formatTable, TABLE_LEGEND } from './report/format-table.ts'
import { updatePerformanceDoc } from './report/update-docs.ts'
import { createAllScenarios } from './scenarios/all-scenarios.ts'
import { LIBRARY_IDS, type TLibraryId } from './scenarios/scenario.ts'
import { measureBundle, type TBundleEntry, type TBundleSize } from './size/bundle-size.ts'
import { AI_SDK_BUNDLE, OPENAI_AGENTS_BUNDLE, ROBOTA_WITH_ANTHROPIC_BUNDLE } from './size/peer-bundles.ts'
import { BENCH_CACHE, PROJECT_ROOT } from './size/project-paths.ts'
import { PLAYGROUND_INITIAL_BUNDLE, ROBOTA_CORE_BUNDLE, WORKER_EAGER_BUNDLE } from './size/size-budgets.ts'

// `npm run bench` (through run-bench.mjs): sizes, then the Node suite, the Chromium suite and the
// companion benches, one after another so they never share the two cores, then one table.

const options = new Set(process.argv.slice(2))
const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length).split(',')
const onlyCompanions = process.argv.find((argument) => argument.startsWith('--companions='))?.slice('--companions='.length).split(',')
const libraries = only?.filter((name): name is TLibraryId => (LIBRARY_IDS as readonly string[]).includes(name))
const plan: TSuitePlan = { ...(options.has('--quick') ? QUICK_PLAN : FULL_PLAN), ...(libraries ? { libraries } : {}) }
const startedAt = Number(process.env.ROBOTA_BENCH_STARTED_AT ?? Date.now())
const isolatedLibrary = process.argv.find((argument) => argument.startsWith(NODE_LIBRARY_ARGUMENT))?.slice(NODE_LIBRARY_ARGUMENT.length)
const notes: string[] = []
const log = (line: string): void => {
  process.stderr.write(`[bench ${((Date.now() - startedAt) / 1000).toFixed(0)} s] ${line}\n`)
}

async function trySize(bundle: TBundleEntry): Promise<TBundleSize | undefined> {
  try {
    return await measureBundle(bundle, PROJECT_ROOT)
  } catch (error) {
    notes.push(`${bundle.label} did not build: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    return undefined
  }
}

async function measureSizes(): Promise<Pick<TBenchResults, 'ourSizes' | 'peerSizes'>> {
  log('bundle sizes')
  const core = await measureBundle(ROBOTA_CORE_BUNDLE, PROJECT_ROOT)
  const coreWithAnthropic = await measureBundle(ROBOTA_WITH_ANTHROPIC_BUNDLE, PROJECT_ROOT)
  return {
    ourSizes: { core, coreWithAnthropic, worker: await trySize(WORKER_EAGER_BUNDLE), playground: await trySize(PLAYGROUND_INITIAL_BUNDLE) },
    peerSizes: { ai: await trySize(AI_SDK_BUNDLE), openaiAgents: await trySize(OPENAI_AGENTS_BUNDLE) }
  }
}

async function measureChromium(): Promise<TSuiteFigures | undefined> {
  if (options.has('--skip-chromium')) {
    notes.push('Chromium figures skipped (--skip-chromium).')
    return undefined
  }
  log('Chromium suite')
  try {
    const outcome = await runInChromium(plan, log)
    if ('skipped' in outcome) {
      notes.push(`Chromium figures skipped: ${outcome.skipped}.`)
      return undefined
    }
    notes.push(`Chromium ${outcome.version} (Debian, headless, through Playwright).`)
    return outcome.figures
  } catch (error) {
    notes.push(`Chromium figures failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    return undefined
  }
}

if (isolatedLibrary) {
  // A child of the run below: measure one library, hand the figures back on stdout, stop.
  const figures = await runSuite(createAllScenarios(), { ...plan, libraries: [isolatedLibrary as TLibraryId] }, createNodeRuntime())
  process.stdout.write(JSON.stringify(figures))
  process.exit(0)
}

const sizes = await measureSizes()
const passThrough = process.argv.slice(2).filter((argument) => argument === '--quick')
const nodeFigures = runNodeSuiteInChildren(process.argv[1] ?? '', libraries ?? LIBRARY_IDS, passThrough, log)
const chromiumFigures = await measureChromium()
const companions = options.has('--skip-companions') ? { figures: [], notes: ['Companion benches skipped (--skip-companions).'] } : runCompanionBenches(log, onlyCompanions)
notes.push(...companions.notes)
const load = loadavg().map((value) => value.toFixed(1)).join(' / ')
notes.push(
  `Node ${process.version}, ${availableParallelism()} cores, load average ${load} (1/5/15 min) at the end; ` +
    `${options.has('--quick') ? 'quick plan' : 'full plan'}${libraries ? ` (only ${libraries.join(', ')})` : ''}; whole run ${((Date.now() - startedAt) / 1000).toFixed(0)} s, install included.`
)
const results: TBenchResults = {
  suites: [nodeFigures, ...(chromiumFigures ? [chromiumFigures] : [])],
  ...sizes,
  external: companions.figures,
  notes
}
const table = formatTable(buildRows(results))
const report = `${TABLE_LEGEND}\n\n${table}\n\n${notes.map((note) => `- ${note}`).join('\n')}\n`
process.stdout.write(`\n${report}`)
mkdirSync(BENCH_CACHE, { recursive: true })
writeFileSync(join(BENCH_CACHE, 'latest.md'), report)
writeFileSync(join(BENCH_CACHE, 'latest.json'), JSON.stringify(results, null, 2))
if (options.has('--update-docs')) log(`table written to ${updatePerformanceDoc(report)}`)
