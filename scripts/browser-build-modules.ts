import { basename, resolve } from 'node:path'
import type { Plugin } from 'vite'

/** Library modules for Node only, which the project's browser builds replace with their `.browser.ts` sibling. */
const NODE_ONLY_MODULES = ['lib/tools/mcp/load-stdio-transport.ts']

/**
 * Swaps each of `NODE_ONLY_MODULES` for its browser sibling in the playground's and the embed's
 * builds (page and worker). Their Node versions import a module from a variable so that bundlers
 * leave it alone; minified, that variable becomes a literal, and an app's bundler that rebuilds
 * the embed's worker (Vite up to 7, through Rollup) would follow it into Node's modules.
 */
export function browserBuildModules(root: string): Plugin {
  const browserSiblings = new Map(NODE_ONLY_MODULES.map((path) => [resolve(root, path), resolve(root, path.replace(/\.ts$/, '.browser.ts'))]))
  const names = new Set(NODE_ONLY_MODULES.map((path) => basename(path)))
  return {
    name: 'robota-browser-build-modules',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!names.has(basename(source))) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved ? (browserSiblings.get(resolved.id) ?? null) : null
    }
  }
}
