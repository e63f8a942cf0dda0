import { performance } from 'node:perf_hooks'
import type { TExternalFigure } from '../report/bench-results.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from '../../sandbox/workspace/apply-workspace-manifest.ts'
import { GREP_NEEDLE, WORKLOAD_FILE_COUNT, createBenchManifest, createGrepTree } from './sandbox-workloads.ts'

const RUNTIME = `Node ${process.versions.node}`

/** A Node figure, with the process's CPU time per sample beside the wall time the figure holds. */
export type TNodeSandboxFigure = TExternalFigure & { cpuSamples: number[] }

type TTiming = { wall: number; cpu: number }

// CPU time beside wall time tells the work itself apart from waiting for a busy machine's cores.
async function time(action: () => Promise<unknown>): Promise<TTiming> {
  const cpuBefore = process.cpuUsage()
  const startedAt = performance.now()
  await action()
  const wall = performance.now() - startedAt
  const cpu = process.cpuUsage(cpuBefore)
  return { wall, cpu: (cpu.user + cpu.system) / 1000 }
}

function figureOf(figure: TExternalFigure, timings: TTiming[]): TNodeSandboxFigure {
  return { ...figure, samples: timings.map((timing) => timing.wall), cpuSamples: timings.map((timing) => timing.cpu) }
}

/** A client whose just-bash is already loaded, so a figure measures the work and not the import. */
async function loadedClient(files: Record<string, string> = {}): Promise<InMemorySandboxClient> {
  const client = new InMemorySandboxClient({ files })
  const warm = await client.run('true')
  if (warm.exitCode !== 0) throw new Error(`the in-memory sandbox did not start: ${warm.stderr}`)
  return client
}

/** `applyWorkspaceManifest` of 1,000 files into a fresh in-memory sandbox, each sample a new one. */
export async function measureManifestHydration(samples: number): Promise<TNodeSandboxFigure> {
  const manifest = createBenchManifest()
  const times: TTiming[] = []
  for (let sample = -1; sample < samples; sample++) {
    const client = await loadedClient()
    let applied = 0
    const elapsed = await time(async () => {
      const result = await applyWorkspaceManifest(client, manifest)
      applied = result.entries.filter((entry) => entry.status === 'applied').length
    })
    if (applied !== WORKLOAD_FILE_COUNT) throw new Error(`hydration applied ${applied} of ${WORKLOAD_FILE_COUNT} entries`)
    // The first round warms the JIT and is left out.
    if (sample >= 0) times.push(elapsed)
    await client.dispose()
  }
  const figure = `hydrate a ${WORKLOAD_FILE_COUNT.toLocaleString('en')}-file workspace manifest (in-memory sandbox)`
  return figureOf({ figure, runtime: RUNTIME, unit: 'milliseconds', better: 'lower', samples: [], target: 200 }, times)
}

/** `grep -r` over 1,000 files of 10 KB in the in-memory sandbox. */
export async function measureRecursiveGrep(samples: number): Promise<TNodeSandboxFigure> {
  const client = await loadedClient(createGrepTree())
  const times: TTiming[] = []
  for (let sample = -1; sample < samples; sample++) {
    let matches = 0
    const elapsed = await time(async () => {
      const result = await client.run(`grep -r ${GREP_NEEDLE} tree`)
      if (result.exitCode !== 0) throw new Error(`grep -r failed (${result.exitCode}): ${result.stderr}`)
      matches = result.stdout.split('\n').filter((line) => line.length > 0).length
    })
    if (matches !== WORKLOAD_FILE_COUNT / 10) throw new Error(`grep -r found ${matches} lines, expected ${WORKLOAD_FILE_COUNT / 10}`)
    if (sample >= 0) times.push(elapsed)
  }
  await client.dispose()
  const figure = `grep -r over ${WORKLOAD_FILE_COUNT.toLocaleString('en')} files of 10 KB (in-memory sandbox)`
  return figureOf({ figure, runtime: RUNTIME, unit: 'milliseconds', better: 'lower', samples: [], target: 300 }, times)
}

/** One warm `echo` through `run`: the shell loaded, the command small. */
export async function measureEchoRoundTrip(samples: number): Promise<TNodeSandboxFigure> {
  const client = await loadedClient()
  const times: TTiming[] = []
  for (let sample = -50; sample < samples; sample++) {
    const elapsed = await time(async () => {
      const result = await client.run('echo hello')
      if (result.stdout !== 'hello\n') throw new Error(`echo printed ${JSON.stringify(result.stdout)}`)
    })
    if (sample >= 0) times.push(elapsed)
  }
  await client.dispose()
  const figure = 'warm `echo` round trip through run (in-memory sandbox)'
  return figureOf({ figure, runtime: RUNTIME, unit: 'milliseconds', better: 'lower', samples: [], target: 2 }, times)
}
