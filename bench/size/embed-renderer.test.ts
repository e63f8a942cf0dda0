import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { inlineStylesheets } from '../browser/inline-stylesheets.mjs'
import { PROJECT_ROOT } from './project-paths.ts'
import { EMBED_INITIAL_BUNDLE } from './size-budgets.ts'

const REACT_PACKAGES = /node_modules\/(react|react-dom|scheduler)\//

// Every chunk counts here, the lazy panels' too: one React import left unaliased would ship react-dom.
describe('robota/embed renders with Preact', () => {
  it('bundles no module of React, react-dom or scheduler in any of its chunks, and Preact instead', async () => {
    if (!('file' in EMBED_INITIAL_BUNDLE.entry)) throw new Error('The embed is measured from its entry file.')
    const result = await build({
      entryPoints: [EMBED_INITIAL_BUNDLE.entry.file],
      absWorkingDir: PROJECT_ROOT,
      alias: { ...EMBED_INITIAL_BUNDLE.alias },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      external: ['node:*', 'virtual:*'],
      loader: { '.svg': 'file', '.png': 'file', '.woff': 'file', '.woff2': 'file' },
      plugins: [inlineStylesheets],
      outdir: 'embed-renderer-output',
      write: false,
      metafile: true,
      logLevel: 'silent'
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.filter((path) => REACT_PACKAGES.test(path))).toEqual([])
    expect(inputs.some((path) => path.includes('node_modules/preact/compat/'))).toBe(true)
    // The lazily loaded replay panel's list is part of what this covers.
    expect(inputs.some((path) => path.includes('node_modules/@tanstack/react-virtual/'))).toBe(true)
  }, 60_000)
})
