import { fileURLToPath } from 'node:url'

// webpack 5: no line to add. It finds `new Worker(new URL('./agent.worker.js', import.meta.url))`
// and builds the worker with its own chunks.
export default {
  mode: 'production',
  entry: './apps/web/main.js',
  output: { path: fileURLToPath(new URL('../out/webpack', import.meta.url)), clean: true }
}
