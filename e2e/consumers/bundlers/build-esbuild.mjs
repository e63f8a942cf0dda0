// esbuild: the one thing an app adds is its worker file as a second entry point. esbuild leaves
// `new URL('./agent.worker.js', import.meta.url)` as it is, so the worker must be built beside the
// page script under that name.
import { build } from 'esbuild'

await build({
  entryPoints: ['apps/web/main.js', 'apps/web/agent.worker.js'],
  outdir: 'out/esbuild',
  bundle: true,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  minify: true,
  logLevel: 'warning'
})
