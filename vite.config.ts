import react from '@vitejs/plugin-react'
import { build as bundleScript } from 'esbuild'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { build, type Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { embedChunkFileName } from './playground/embed/embed-chunk-file-name.ts'
import { toLiteralWorkerUrl } from './playground/embed/literal-worker-url.ts'
import { PREACT_COMPAT_ALIASES, toExactViteAliases } from './playground/embed/preact-compat-aliases.ts'
import { browserBuildModules } from './scripts/browser-build-modules.ts'
import { prerenderPagePlugin } from './scripts/prerender-page-plugin.ts'

const EMBED_OUT_DIR = 'dist/playground/embed'

const SHARED_RUN_VIEWER = 'virtual:robota-shared-run-viewer'

/**
 * Provides the shared run viewer (playground/share/viewer/) as one minified script, a string the
 * page inlines into the HTML file it exports; the viewer verifies logs with the SDK's own code.
 */
function sharedRunViewer(): Plugin {
  return {
    name: 'robota-shared-run-viewer',
    resolveId: (id) => (id === SHARED_RUN_VIEWER ? `\0${SHARED_RUN_VIEWER}` : undefined),
    async load(id) {
      if (id !== `\0${SHARED_RUN_VIEWER}`) return undefined
      const bundled = await bundleScript({
        entryPoints: [resolve(import.meta.dirname, 'playground/share/viewer/shared-run-viewer.ts')],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        write: false,
        metafile: true,
        logLevel: 'silent'
      })
      for (const input of Object.keys(bundled.metafile.inputs)) this.addWatchFile(resolve(import.meta.dirname, input))
      return `export default ${JSON.stringify(bundled.outputFiles[0]?.text ?? '')}`
    }
  }
}

/**
 * After the playground builds, builds `robota/embed`: the `<robota-playground>` element as an ES
 * module with what its first paint needs, the panels it shows later as chunks in `assets/` beside
 * it (imported relative to the module, so they load wherever it is served), plus its worker, with
 * the example documentation page beside it. A second build, because the element must not share
 * chunks with the playground page. The module starts its worker the standard way, so an app's
 * bundler builds the worker and its chunks too. It renders with Preact through `preact/compat`
 * (docs/decisions/0004-embed-renders-with-preact.md); the page stays on React.
 */
function embedBuild(): Plugin {
  return {
    name: 'robota-embed-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root: '.',
        // Relative URLs: the worker and its chunks are found beside the module, wherever it is served.
        base: './',
        publicDir: false,
        logLevel: 'warn',
        plugins: [react(), sharedRunViewer(), browserBuildModules(import.meta.dirname)],
        resolve: { alias: toExactViteAliases(PREACT_COMPAT_ALIASES) },
        // Library builds keep `process.env.NODE_ENV`; a static page has no `process`.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        worker: {
          format: 'es',
          plugins: () => [browserBuildModules(import.meta.dirname)],
          rolldownOptions: { output: { chunkFileNames: embedChunkFileName } }
        },
        build: {
          outDir: EMBED_OUT_DIR,
          emptyOutDir: true,
          target: 'es2022',
          chunkSizeWarningLimit: 1600,
          lib: { entry: 'playground/embed/index.ts', formats: ['es'], fileName: () => 'robota-playground.js' },
          // Library builds keep whitespace in ES output; a file served as is should not.
          rolldownOptions: { output: { minify: true, chunkFileNames: embedChunkFileName } }
        }
      })
      const embedModule = `${EMBED_OUT_DIR}/robota-playground.js`
      writeFileSync(embedModule, toLiteralWorkerUrl(readFileSync(embedModule, 'utf8')))
      copyFileSync('playground/embed/robota-playground.d.ts', `${EMBED_OUT_DIR}/robota-playground.d.ts`)
      copyFileSync('playground/embed/example.html', `${EMBED_OUT_DIR}/index.html`)
      copyFileSync('playground/embed/example.css', `${EMBED_OUT_DIR}/example.css`)
      copyFileSync('playground/embed/example-workspace.json', `${EMBED_OUT_DIR}/example-workspace.json`)
    }
  }
}

/**
 * One config for the playground (dev server and build, with the agent worker as its own chunk)
 * and for the unit tests, which run in Node beside the code they cover.
 */
export default defineConfig({
  root: 'playground',
  publicDir: false,
  plugins: [react(), sharedRunViewer(), prerenderPagePlugin(import.meta.dirname), embedBuild(), browserBuildModules(import.meta.dirname)],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es', plugins: () => [browserBuildModules(import.meta.dirname)] },
  // Pre-bundled up front: discovered lazily (the worker's, and those loaded on first use: the
  // provider SDKs, E2B, git, the MCP client, Markdown), they would make the dev server reload the page mid-use.
  optimizeDeps: {
    include: [
      'comlink',
      'idb',
      'just-bash',
      'zod',
      'picomatch',
      '@noble/hashes/sha2.js',
      '@noble/hashes/utils.js',
      'canonicalize',
      'buffer',
      'yaml',
      'isomorphic-git',
      '@anthropic-ai/sdk',
      '@google/genai',
      'openai',
      'e2b',
      '@modelcontextprotocol/sdk/client/index.js',
      '@modelcontextprotocol/sdk/client/streamableHttp.js',
      '@modelcontextprotocol/sdk/client/sse.js',
      'marked',
      'dompurify',
      'diff'
    ]
  },
  build: {
    outDir: '../dist/playground',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1600
  },
  test: {
    root: '.',
    include: ['lib/**/*.test.ts', 'cli/**/*.test.{ts,tsx}', 'sandbox/**/*.test.ts', 'worker/**/*.test.ts', 'server/**/*.test.ts', 'playground/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    testTimeout: 15000,
    // CI asks for a machine-readable report to sum test counts over every runner.
    reporters: process.env.ROBOTA_VITEST_JSON ? ['default', 'json'] : ['default'],
    ...(process.env.ROBOTA_VITEST_JSON ? { outputFile: { json: process.env.ROBOTA_VITEST_JSON } } : {}),
    benchmark: { include: ['bench/**/*.bench.ts'] }
  }
})
