import type { TSuiteFigures } from '../measure/run-suite.ts'
import { summarize, type TSummary } from '../measure/statistics.ts'
import { LIBRARY_IDS, LIBRARY_LABELS, type TLibraryId } from '../scenarios/scenario.ts'
import type { TBundleSize } from '../size/bundle-size.ts'
import { KILOBYTE, SIZE_BUDGETS, type TSizeBudget } from '../size/size-budgets.ts'
import type { TBenchResults, TDirection, TUnit } from './bench-results.ts'
import { formatRatio, formatSpread, formatValue } from './format-units.ts'

/** One line of the table: a figure in one runtime, a cell per library, and its targets. */
export type TTableRow = { figure: string; runtime: string; cells: string[]; target: string }

type TFigureSet = Partial<Record<TLibraryId, TSummary>>

// The targets of issue 12; the size budgets live beside their test in size/size-budgets.ts.
const LOOP_TARGET_MICROSECONDS = 60
const LOOP_TARGET_ROUNDS = 100
const GROWTH_TARGET = 1.5
const MIN_ADVANTAGE: Partial<Record<TLibraryId, number>> = { 'ai-generate-text': 5, 'openai-agents': 15 }
const STREAM_TARGET = 1_000_000
const HEAP_TARGET_BYTES = 1_100_000

function mark(passes: boolean): string {
  return passes ? '✓' : '✗'
}

/** How many times better robota is than a peer: above 1, robota wins. */
function advantage(ours: number, theirs: number, better: TDirection): number {
  return better === 'lower' ? theirs / ours : ours / theirs
}

function cells(figures: TFigureSet, unit: TUnit, better: TDirection): string[] {
  const ours = figures.robota
  return LIBRARY_IDS.map((library) => {
    const figure = figures[library]
    if (!figure) return '—'
    const spread = formatSpread(figure.median, figure.min, figure.max, unit)
    // A ratio of a figure at or below zero (heap within noise of nothing) would mean nothing.
    if (library === 'robota' || !ours || ours.median <= 0 || figure.median <= 0) return spread
    return `${spread} · ${formatRatio(advantage(ours.median, figure.median, better))}`
  })
}

function advantageTargets(figures: TFigureSet): string[] {
  const ours = figures.robota
  if (!ours) return []
  return Object.entries(MIN_ADVANTAGE).flatMap(([library, minimum]) => {
    const theirs = figures[library as TLibraryId]
    if (!theirs || minimum === undefined) return []
    return [`≥ ×${minimum} vs ${LIBRARY_LABELS[library as TLibraryId]} ${mark(advantage(ours.median, theirs.median, 'lower') >= minimum)}`]
  })
}

function loopFigures(suite: TSuiteFigures, rounds: number): TFigureSet {
  const figures: TFigureSet = {}
  for (const loop of suite.loops) if (loop.rounds === rounds) figures[loop.library] = summarize(loop.microsecondsPerRound)
  return figures
}

function heapFigures(suite: TSuiteFigures): TFigureSet {
  const figures: TFigureSet = {}
  for (const loop of suite.loops) if (loop.retainedBytes.length > 0) figures[loop.library] = summarize(loop.retainedBytes)
  return figures
}

function suiteRows(suite: TSuiteFigures): TTableRow[] {
  const runtime = suite.runtime === 'node' ? 'Node' : 'Chromium'
  const roundCounts = [...new Set(suite.loops.map((loop) => loop.rounds))].sort((left, right) => left - right)
  const rows: TTableRow[] = roundCounts.map((rounds) => {
    const figures = loopFigures(suite, rounds)
    const targets = rounds === LOOP_TARGET_ROUNDS ? advantageTargets(figures) : []
    if (rounds === LOOP_TARGET_ROUNDS && suite.runtime === 'node' && figures.robota) {
      targets.unshift(`≤ ${LOOP_TARGET_MICROSECONDS} µs ${mark(figures.robota.median <= LOOP_TARGET_MICROSECONDS)}`)
    }
    return { figure: `Loop overhead per round, N = ${rounds.toLocaleString('en-US')}`, runtime, cells: cells(figures, 'microseconds', 'lower'), target: targets.join('; ') }
  })
  const largest = roundCounts[roundCounts.length - 1]
  if (largest !== undefined && roundCounts.includes(LOOP_TARGET_ROUNDS) && largest > LOOP_TARGET_ROUNDS) {
    const at100 = loopFigures(suite, LOOP_TARGET_ROUNDS)
    const atLargest = loopFigures(suite, largest)
    const growth = LIBRARY_IDS.map((library) => {
      const small = at100[library]
      const large = atLargest[library]
      return small && large ? large.median / small.median : undefined
    })
    const ours = growth[0]
    rows.push({
      figure: `Per-round growth, N = ${largest.toLocaleString('en-US')} ÷ N = ${LOOP_TARGET_ROUNDS} (medians)`,
      runtime,
      cells: growth.map((value) => (value === undefined ? '—' : formatRatio(value))),
      target: ours === undefined ? '' : `robota ≤ ×${GROWTH_TARGET} ${mark(ours <= GROWTH_TARGET)}`
    })
  }
  const streams: TFigureSet = {}
  for (const stream of suite.streams) streams[stream.library] = summarize(stream.deltasPerSecond)
  const deltas = suite.streams[0]?.deltas ?? 0
  if (streams.robota) {
    rows.push({
      figure: `Streaming, one round of ${deltas.toLocaleString('en-US')} deltas, in-thread`,
      runtime,
      cells: cells(streams, 'deltas-per-second', 'higher'),
      target: `≥ ${formatValue(STREAM_TARGET, 'deltas-per-second')} ${mark(streams.robota.median >= STREAM_TARGET)}`
    })
  }
  const heap = heapFigures(suite)
  if (heap.robota) {
    rows.push({
      figure: `Retained heap after an N = ${(largest ?? 0).toLocaleString('en-US')} run`,
      runtime,
      cells: cells(heap, 'bytes', 'lower'),
      target: `≤ ${formatValue(HEAP_TARGET_BYTES, 'bytes')} ${mark(heap.robota.median <= HEAP_TARGET_BYTES)}`
    })
  }
  return rows
}

function exactSize(size: TBundleSize | undefined): TSummary | undefined {
  return size ? { median: size.gzipBytes, min: size.gzipBytes, max: size.gzipBytes, samples: 1 } : undefined
}

function sizeCells(ours: TBundleSize | undefined, results: TBenchResults): string[] {
  const peers = results.peerSizes
  const figures: TFigureSet = { robota: exactSize(ours), 'ai-generate-text': exactSize(peers.ai), 'openai-agents': exactSize(peers.openaiAgents) }
  return cells(figures, 'bytes', 'lower').map((cell) => cell.replace(/ \([^)]*\)/, ''))
}

function budgetTarget(id: TSizeBudget['id'], size: TBundleSize | undefined): string {
  const budget = SIZE_BUDGETS.find((candidate) => candidate.id === id)
  if (!budget) return ''
  const limit = `≤ ${(budget.maxGzipBytes / KILOBYTE).toLocaleString('en-US')} KB`
  return size ? `${limit} ${mark(size.gzipBytes <= budget.maxGzipBytes)}` : `${limit} (not built)`
}

function sizeRows(results: TBenchResults): TTableRow[] {
  const { core, coreWithAnthropic, worker, playground } = results.ourSizes
  const ownOnly = (size: TBundleSize | undefined): string[] => LIBRARY_IDS.map((library) => (library === 'robota' && size ? formatValue(size.gzipBytes, 'bytes') : '—'))
  const runtime = 'browser, min + gzip'
  return [
    { figure: 'Bundle: core + one zod tool (peers: + their Anthropic/OpenAI provider)', runtime, cells: sizeCells(core, results), target: budgetTarget('robota-core', core) },
    { figure: 'Bundle: robota + AnthropicProvider (+ @anthropic-ai/sdk)', runtime, cells: sizeCells(coreWithAnthropic, results), target: '' },
    { figure: 'Bundle: worker eager chunk', runtime, cells: ownOnly(worker), target: budgetTarget('worker-eager', worker) },
    { figure: 'Bundle: playground initial JS', runtime, cells: ownOnly(playground), target: budgetTarget('playground-initial', playground) }
  ]
}

function externalRows(results: TBenchResults): TTableRow[] {
  return results.external.map((external) => {
    const summary = summarize(external.samples)
    const ours = summary.samples === 1 ? formatValue(summary.median, external.unit) : formatSpread(summary.median, summary.min, summary.max, external.unit)
    const cellsForRow = LIBRARY_IDS.map((library) => (library === 'robota' ? ours : '—'))
    const kind = external.targetKind ?? external.better
    const limit = external.target
    const passes = kind === 'equal' ? summary.median === limit : kind === 'lower' ? summary.median <= (limit ?? 0) : summary.median >= (limit ?? 0)
    const sign = kind === 'equal' ? '=' : kind === 'lower' ? '≤' : '≥'
    const target = limit === undefined ? '' : `${sign} ${formatValue(limit, external.unit)} ${mark(passes)}`
    return { figure: external.figure, runtime: external.runtime, cells: cellsForRow, target }
  })
}

/** Every row of the one table: loop, growth, streaming and heap per runtime, then sizes, then companions. */
export function buildRows(results: TBenchResults): TTableRow[] {
  return [...results.suites.flatMap(suiteRows), ...sizeRows(results), ...externalRows(results)]
}
