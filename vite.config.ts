import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * One config for the playground (dev server and build, with the agent worker as its own chunk)
 * and for the unit tests, which run in Node beside the code they cover.
 */
export default defineConfig({
  root: 'playground',
  publicDir: false,
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es' },
  // Pre-bundled up front: discovered lazily, they would make the dev server reload the page mid-use.
  optimizeDeps: { include: ['comlink', 'idb', 'just-bash', 'zod', 'picomatch', 'jssha/sha256', 'canonicalize'] },
  build: {
    outDir: '../dist/playground',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1600
  },
  test: {
    root: '.',
    include: ['lib/**/*.test.ts', 'sandbox/**/*.test.ts', 'worker/**/*.test.ts', 'playground/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'node',
    testTimeout: 15000,
    // CI asks for a machine-readable report to sum test counts over every runner.
    reporters: process.env.ROBOTA_VITEST_JSON ? ['default', 'json'] : ['default'],
    ...(process.env.ROBOTA_VITEST_JSON ? { outputFile: { json: process.env.ROBOTA_VITEST_JSON } } : {}),
    benchmark: { include: ['bench/**/*.bench.ts'] }
  }
})
