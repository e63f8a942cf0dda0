import { build, transform, type Plugin as EsbuildPlugin } from 'esbuild'
import { mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import { markEnterBeforeStart, SEND_ON_START_ATTRIBUTE } from '../playground/shell/enter-before-start.ts'

const EMPTY_ROOT = '<div id="root"></div>'

/**
 * Puts the playground's first render into the built `index.html`, rendered in Node from
 * `playground/shell/prerender-page.tsx`, so the page paints before its script runs; the page's
 * script then hydrates it (`playground/main.tsx`). Beside it goes the small script that lets Enter
 * in its prompt send before then (`playground/shell/enter-before-start.ts`). The dev server serves
 * the empty root.
 */
export function prerenderPagePlugin(root: string): Plugin {
  return {
    name: 'robota-prerender-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(EMPTY_ROOT)) throw new Error(`The playground's index.html has no ${EMPTY_ROOT} to prerender into.`)
        const enterBeforeStart = await transform(`(${markEnterBeforeStart.toString()})(${JSON.stringify(SEND_ON_START_ATTRIBUTE)})`, { minify: true })
        return html.replace(EMPTY_ROOT, `<div id="root">${await renderPage(root)}</div><script>${enterBeforeStart.code.trim()}</script>`)
      }
    }
  }
}

/** Vite's `?inline` style imports (a stylesheet as a string) as empty strings: the page's HTML carries no styles of its own. */
const inlineStylesAsEmpty: EsbuildPlugin = {
  name: 'inline-styles-as-empty',
  setup(build) {
    build.onResolve({ filter: /\.css\?inline$/ }, (args) => ({ path: args.path, namespace: 'inline-style' }))
    build.onLoad({ filter: /.*/, namespace: 'inline-style' }, () => ({ contents: 'export default ""', loader: 'js' }))
  }
}

/** Bundles the prerender entry for Node (packages stay imports, styles are the page's own), runs it and returns its HTML. */
async function renderPage(root: string): Promise<string> {
  // Inside the project, so the bundle's package imports resolve from its node_modules.
  const directory = mkdtempSync(join(root, 'node_modules', '.robota-prerender-'))
  try {
    const outfile = join(directory, 'prerender-page.mjs')
    await build({
      entryPoints: [resolve(root, 'playground/shell/prerender-page.tsx')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      // Styles are the browser build's; the shared run viewer loads only when a run is exported.
      loader: { '.css': 'empty' },
      external: ['virtual:*'],
      plugins: [inlineStylesAsEmpty],
      logLevel: 'silent'
    })
    const { prerenderPage } = (await import(pathToFileURL(outfile).href)) as { prerenderPage: () => Promise<string> }
    return await prerenderPage()
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}
