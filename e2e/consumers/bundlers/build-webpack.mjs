// Runs webpack with the config beside this file, as `npx webpack --json=out/webpack/stats.json`
// would: the stats say which chunks load with the page and with the worker, and which load later.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webpack from 'webpack'
import config from './webpack.config.js'

webpack(config, (error, stats) => {
  if (error) throw error
  if (stats.hasErrors()) console.error(stats.toString({ colors: false, all: false, errors: true }))
  else writeFileSync(join(config.output.path, 'stats.json'), JSON.stringify(stats.toJson({ all: false, chunks: true, chunkRelations: true, ids: true })))
  process.exit(stats.hasErrors() ? 1 : 0)
})
