// `import styles from './x.css?inline'`, read as Vite reads it (the stylesheet's text as a string),
// for the pages and size checks that bundle the playground's parts with esbuild instead.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

/** The esbuild plugin that loads `*.css?inline` imports as text. */
export const inlineStylesheets = {
  name: 'inline-stylesheets',
  setup(builder) {
    builder.onResolve({ filter: /\.css\?inline$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.replace(/\?inline$/, '')), namespace: 'inline-stylesheet' }))
    builder.onLoad({ filter: /.*/, namespace: 'inline-stylesheet' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }))
  }
}
