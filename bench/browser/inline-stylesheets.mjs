// `import styles from './x.css?inline'`, read as Vite's build reads it (the stylesheet's text as a
// string, minified), for the pages and size checks that bundle the playground's parts with esbuild
// instead: a size check that counted the comments would measure bytes that never ship.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { transform } from 'esbuild'

/** The esbuild plugin that loads `*.css?inline` imports as minified text. */
export const inlineStylesheets = {
  name: 'inline-stylesheets',
  setup(builder) {
    builder.onResolve({ filter: /\.css\?inline$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.replace(/\?inline$/, '')), namespace: 'inline-stylesheet' }))
    builder.onLoad({ filter: /.*/, namespace: 'inline-stylesheet' }, async (args) => {
      const { code } = await transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true, target: 'chrome111' })
      return { contents: code, loader: 'text' }
    })
  }
}
