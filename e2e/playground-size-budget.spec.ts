import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

type TSizes = {
  initial: { gzip: number }
  initialFiles: Array<{ file: string }>
  budgetGzip: number
  embed?: { gzip: number; files: string[] }
  embedBudgetGzip: number
}

// Runs against the build this suite serves, so the budget holds for what users download.
test('the playground’s initial main-thread JS stays within 120 KB gzip (bench/playground-size.mjs)', () => {
  const sizes = JSON.parse(execFileSync('node', ['bench/playground-size.mjs', '--size-only', '--json'], { encoding: 'utf8' })) as TSizes
  expect(sizes.budgetGzip).toBe(120 * 1024)
  expect(sizes.initialFiles.length).toBeGreaterThan(0)
  expect(sizes.initial.gzip).toBeLessThanOrEqual(sizes.budgetGzip)
  // No vendor SDK or the shell in the page's first script: those load in the worker.
  expect(sizes.initialFiles.map((entry) => entry.file).join(' ')).not.toMatch(/anthropic|openai|isomorphic-git|browser-/)
  expect(sizes.embed?.gzip).toBeGreaterThan(0)
})

test('robota/embed loads its panels apart: the replay panel is a chunk beside the module, not in what it imports up front', () => {
  const sizes = JSON.parse(execFileSync('node', ['bench/playground-size.mjs', '--size-only', '--json'], { encoding: 'utf8' })) as TSizes
  // The target; the bench table marks it met or not.
  expect(sizes.embedBudgetGzip).toBe(80 * 1000)
  const upFront = sizes.embed?.files ?? []
  expect(upFront[0]).toBe('dist/playground/embed/robota-playground.js')
  const replayChunks = readdirSync('dist/playground/embed/assets').filter((name) => /^replay-panel-.*\.js$/.test(name))
  expect(replayChunks).toHaveLength(1)
  expect(upFront.some((file) => /replay-panel|settings-dialog|workspace-panel|plugins-panel|markdown-renderer/.test(file))).toBe(false)
})

test('robota/embed ships Preact, not React: within 80 KB gzip before first paint, and no file of it carries react-dom', () => {
  const sizes = JSON.parse(execFileSync('node', ['bench/playground-size.mjs', '--size-only', '--json'], { encoding: 'utf8' })) as TSizes
  expect(sizes.embed?.gzip).toBeLessThanOrEqual(sizes.embedBudgetGzip)
  // react-dom's production build links each error code to this page; the playground page, which stays on React, has it.
  const reactDomMarker = 'react.dev/errors'
  const scriptsUnder = (folder: string) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js')).map((name) => join(folder, name))
  const pageScripts = scriptsUnder('dist/playground/assets')
  expect(pageScripts.some((file) => readFileSync(file, 'utf8').includes(reactDomMarker))).toBe(true)
  const embedScripts = scriptsUnder('dist/playground/embed')
  expect(embedScripts.length).toBeGreaterThan(1)
  expect(embedScripts.filter((file) => readFileSync(file, 'utf8').includes(reactDomMarker))).toEqual([])
})
