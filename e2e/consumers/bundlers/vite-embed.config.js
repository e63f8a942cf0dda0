// Vite, for a page that embeds `<robota-playground>`: the same line as for an app's own worker, so
// the element's worker keeps its chunks. The dev server of Vite 7 and earlier would pre-bundle the
// element into its dependency cache, away from the worker and chunks beside it: leave it out.
export default {
  root: 'apps/embed',
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['robota'] },
  build: { outDir: '../../out/vite-embed', emptyOutDir: true }
}
