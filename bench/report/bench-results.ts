import type { TSuiteFigures } from '../measure/run-suite.ts'
import type { TBundleSize } from '../size/bundle-size.ts'

/** Whether a smaller or a larger number is the better one. */
export type TDirection = 'lower' | 'higher'

/** How a companion's figure meets its target: at most, at least, or exactly. */
export type TTargetKind = TDirection | 'equal'

/** A unit the table knows how to print. */
export type TUnit = 'microseconds' | 'milliseconds' | 'deltas-per-second' | 'bytes' | 'operations-per-second' | 'count'

/**
 * A figure from a companion bench (worker, playground, sandbox, IndexedDB…): ours only, as
 * repeated samples, with an optional target. Companions hand these over as JSON (see
 * `companion-benches.ts`).
 */
export type TExternalFigure = {
  figure: string
  runtime: string
  unit: TUnit
  better: TDirection
  samples: number[]
  /** A limit in the figure's unit, checked against the median… */
  target?: number
  /** …as a most (`lower`, the default for a lower-is-better figure), a least, or an exact count. */
  targetKind?: TTargetKind
}

/** A peer's bundle built the same way as ours, or why it could not be. */
export type TPeerBundle = { name: string; size: TBundleSize }

/** Everything one `npm run bench` measured, ready for the table. */
export type TBenchResults = {
  suites: TSuiteFigures[]
  ourSizes: { core: TBundleSize; coreWithAnthropic: TBundleSize; worker?: TBundleSize; playground?: TBundleSize }
  peerSizes: { ai?: TBundleSize; openaiAgents?: TBundleSize }
  external: TExternalFigure[]
  /** Lines printed under the table: what was skipped and why, the environment, the duration. */
  notes: string[]
}
