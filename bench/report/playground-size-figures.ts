import type { TExternalFigure } from './bench-results.ts'

/** The part of `node bench/playground-size.mjs --json` the table shows. */
type TPlaygroundSizeReport = {
  initial: { gzip: number }
  later: { gzip: number }
  laterCount: number
  /** The embed module and the chunks it imports statically. */
  embed?: { gzip: number; files?: string[] }
  budgetGzip: number
  embedBudgetGzip?: number
  /** Until the page has painted and its prompt takes input. */
  timeToInteractiveMs?: number[]
  timeToInteractiveTargetMs?: number
  /** Until the first session is open (the prompt's early input waits for it). */
  timeToSessionOpenMs?: number[]
  /** From sending the first prompt (a person's typing time after the session opened) until its answer is in the page. */
  timeToFirstAnswerMs?: number[]
  /** CPU time until the session is open, from traced starts: the page's main thread and the agent worker. */
  cpuUntilSessionOpenMs?: { main: number[]; worker: number[] }
}

function isPlaygroundSizeReport(value: unknown): value is TPlaygroundSizeReport {
  if (typeof value !== 'object' || value === null) return false
  const report = value as Record<string, unknown>
  return typeof report.initial === 'object' && typeof report.later === 'object' && typeof report.budgetGzip === 'number'
}

function withTarget(figure: TExternalFigure, target: number | undefined): TExternalFigure {
  return target === undefined ? figure : { ...figure, target }
}

/** Turns the playground companion's JSON (sizes of the vite build, startup times) into rows. */
export function toPlaygroundFigures(stdout: string): TExternalFigure[] {
  const report: unknown = JSON.parse(stdout)
  if (!isPlaygroundSizeReport(report)) throw new Error('bench/playground-size.mjs --json printed an unknown shape.')
  const figures: TExternalFigure[] = [
    { figure: 'Playground initial JS, vite build (its own budget)', runtime: 'browser, gzip', unit: 'bytes', better: 'lower', samples: [report.initial.gzip], target: report.budgetGzip },
    { figure: `Playground later chunks (${report.laterCount}, page and worker), loaded on first use`, runtime: 'browser, gzip', unit: 'bytes', better: 'lower', samples: [report.later.gzip] }
  ]
  if (report.embed) {
    const files = report.embed.files?.length
    const figure = `robota/embed module${files === undefined ? '' : ` and its static imports (${files} files), before first paint`}`
    figures.push(withTarget({ figure, runtime: 'browser, gzip', unit: 'bytes', better: 'lower', samples: [report.embed.gzip] }, report.embedBudgetGzip))
  }
  if (report.timeToInteractiveMs && report.timeToInteractiveMs.length > 0) {
    const figure: TExternalFigure = {
      figure: 'Playground time to interactive: painted, the prompt takes input (fresh profile, localhost)',
      runtime: 'Chromium',
      unit: 'milliseconds',
      better: 'lower',
      samples: report.timeToInteractiveMs
    }
    figures.push(withTarget(figure, report.timeToInteractiveTargetMs))
  }
  if (report.timeToSessionOpenMs && report.timeToSessionOpenMs.length > 0) {
    const figure = '  the first session open: what was sent before it goes out'
    figures.push({ figure, runtime: 'Chromium', unit: 'milliseconds', better: 'lower', samples: report.timeToSessionOpenMs })
  }
  if (report.timeToFirstAnswerMs && report.timeToFirstAnswerMs.length > 0) {
    const figure = '  the first prompt, sent after typing it: until its answer is in the page (offline demo; its sandbox starts first)'
    figures.push({ figure, runtime: 'Chromium', unit: 'milliseconds', better: 'lower', samples: report.timeToFirstAnswerMs })
  }
  const cpu = report.cpuUntilSessionOpenMs
  if (cpu && cpu.main.length > 0) {
    const runtime = 'Chromium, CPU time'
    figures.push(
      { figure: 'Playground start, page main thread until the first session is open', runtime, unit: 'milliseconds', better: 'lower', samples: cpu.main },
      { figure: 'Playground start, agent worker until the first session is open', runtime, unit: 'milliseconds', better: 'lower', samples: cpu.worker }
    )
  }
  return figures
}
