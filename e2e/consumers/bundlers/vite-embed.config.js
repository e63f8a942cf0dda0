// Vite, for a page that embeds `<robota-playground>`: the same line as for an app's own worker, so
// the element's worker keeps its chunks.
export default {
  root: 'apps/embed',
  worker: { format: 'es' },
  build: { outDir: '../../out/vite-embed', emptyOutDir: true }
}
