import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

describe('robota/testing in a browser bundle', () => {
  // A web app's worker takes ScriptedProvider from here; bundlers warn about (or refuse) any Node
  // module they meet on the way, though the test servers that need one never start in a browser.
  it('leads a bundler to no Node module', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      external: ['node:*'],
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent'
    })
    const nodeModules = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.path.startsWith('node:')).map((entry) => entry.path))
    expect(nodeModules).toEqual([])
  })
})
