// Runs webpack with the config beside this file, as `npx webpack` would.
import webpack from 'webpack'
import config from './webpack.config.js'

webpack(config, (error, stats) => {
  if (error) throw error
  if (stats.hasErrors()) console.error(stats.toString({ colors: false, all: false, errors: true }))
  process.exit(stats.hasErrors() ? 1 : 0)
})
