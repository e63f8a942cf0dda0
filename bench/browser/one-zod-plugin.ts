import type { Plugin } from 'esbuild'
import { BENCH_ROOT } from '../size/project-paths.ts'

const RESOLVING = 'one-zod'

/**
 * Resolves every `zod` import from bench/, so a page bundle holds one zod, as Node does (where
 * bench/node_modules/zod serves everyone). Without it lib/ would pull the root's copy beside it.
 */
export const oneZodPlugin: Plugin = {
  name: 'one-zod',
  setup(build) {
    build.onResolve({ filter: /^zod(\/|$)/ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined
      const result = await build.resolve(args.path, { kind: args.kind, resolveDir: BENCH_ROOT, pluginData: RESOLVING })
      return result.errors.length > 0 ? { errors: result.errors } : { path: result.path }
    })
  }
}
