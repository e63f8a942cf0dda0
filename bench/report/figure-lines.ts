import { loadavg } from 'node:os'
import type { TExternalFigure } from './bench-results.ts'

/** What starts a line of stdout that carries figures for the table. */
export const FIGURE_LINE_PREFIX = 'ROBOTA_BENCH_FIGURE '

function isExternalFigure(value: unknown): value is TExternalFigure {
  if (typeof value !== 'object' || value === null) return false
  const figure = value as Record<string, unknown>
  return typeof figure.figure === 'string' && typeof figure.runtime === 'string' && typeof figure.unit === 'string' && Array.isArray(figure.samples) && figure.samples.length > 0
}

/** The figures in a JSON text of one figure or an array of them; anything else in it is left out. */
export function parseFigures(text: string): TExternalFigure[] {
  const parsed: unknown = JSON.parse(text)
  return (Array.isArray(parsed) ? parsed : [parsed]).filter(isExternalFigure)
}

/** The figures of every `ROBOTA_BENCH_FIGURE {json}` line of a companion's stdout. */
export function readFigureLines(stdout: string): TExternalFigure[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(FIGURE_LINE_PREFIX))
    .flatMap((line) => parseFigures(line.slice(FIGURE_LINE_PREFIX.length)))
}

/** Prints each figure as a `ROBOTA_BENCH_FIGURE {json}` line, for the table to read. */
export function printFigureLines(figures: readonly TExternalFigure[]): void {
  for (const figure of figures) process.stdout.write(`${FIGURE_LINE_PREFIX}${JSON.stringify(figure)}\n`)
}

/** A row of the machine's 1-minute load average when a bench started and now, to read its wall-clock rows by. */
export function machineLoadFigure(runtime: string, loadAtStart: number): TExternalFigure {
  return { figure: '  machine: 1-minute load average at the start and the end', runtime, unit: 'count', better: 'lower', samples: [loadAtStart, loadavg()[0] ?? 0].map((load) => Number(load.toFixed(1))) }
}
