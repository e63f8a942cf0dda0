import { build } from 'esbuild'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ENTRY = resolve(import.meta.dirname, 'in-memory-sandbox-client.ts')

/** The source files a browser loads before the client's code runs: its chunk and every chunk that chunk imports statically. */
async function eagerInputs(): Promise<string[]> {
  const outdir = mkdtempSync(join(tmpdir(), 'robota-lazy-load-'))
  try {
    const { metafile } = await build({
      entryPoints: [ENTRY],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      external: ['node:*'],
      outdir,
      metafile: true,
      write: false,
      logLevel: 'silent'
    })
    const outputs = metafile.outputs
    const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint?.endsWith('in-memory/in-memory-sandbox-client.ts'))
    const eager = new Set(entry ? [entry] : [])
    for (const path of eager) for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement') eager.add(imported.path)
    return [...eager].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

describe('InMemorySandboxClient loading', () => {
  it('loads neither just-bash nor the git builtin with the client: both come with the first use of the shell', async () => {
    const inputs = await eagerInputs()
    expect(inputs.some((input) => input.endsWith('in-memory/in-memory-sandbox-client.ts'))).toBe(true)
    expect(inputs.filter((input) => input.includes('node_modules/just-bash') || input.includes('sandbox/git/git-command.ts'))).toEqual([])
  }, 30_000)
})
