// Vite: the one line an app adds is `worker: { format: 'es' }`, so the agent worker is an ES
// module that loads the sandbox and the vendor SDKs as chunks of their own (Vite's default worker
// format cannot split, and inlines them all).
export default {
  root: 'apps/web',
  worker: { format: 'es' },
  build: { outDir: '../../out/vite', emptyOutDir: true }
}
