import { expect, test } from '@playwright/test'
import { DEMO_VIEWPORT, expectSessionOpen, saveScreenshot } from './playground-fixtures.ts'

// What a strict documentation site would send with every file: no inline script, no eval.
const POLICY = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'"

test('<robota-playground> on a static page under a strict CSP: hydrates from its manifest, runs a turn, logs no error', async ({ page, context }) => {
  // The page's own <meta> policy covers the document; the header covers the worker too.
  const guarded: string[] = []
  await context.route('**/embed/**', async (route) => {
    guarded.push(new URL(route.request().url()).pathname)
    const response = await route.fetch()
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': POLICY } })
  })
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('worker', (worker) => worker.on('console', (message) => message.type() === 'error' && problems.push(`worker: ${message.text()}`)))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`))
  })

  await page.setViewportSize(DEMO_VIEWPORT)
  await page.goto('/embed/')
  const element = page.locator('robota-playground')
  const promptBox = element.getByLabel('Prompt')
  await expectSessionOpen(element)
  expect(page.workers().length).toBeGreaterThan(0)

  // The manifest attribute hydrated the first session.
  await element.getByRole('tab', { name: 'Workspace' }).click()
  await element.getByRole('navigation', { name: 'Workspace files' }).getByRole('button', { name: 'README.md' }).click()
  await expect(element.getByRole('region', { name: 'File /workspace/README.md' })).toContainText('# Docs example')
  await element.getByRole('tab', { name: 'Replay' }).click()

  await promptBox.fill('What is in this workspace?')
  await element.getByRole('button', { name: 'Send' }).click()
  await element.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = element.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Its README is titled "Docs example"')
  await expect(element.locator('li[data-type="tool_execution_result"]')).toHaveCount(2)
  // The replay panel loads on demand with its own styles; they reach the shadow root, not only the page.
  await expect(element.locator('.event-log-scroll')).toHaveCSS('overflow-y', 'auto')
  await expect(element.locator('.run-pictures')).toHaveCSS('display', 'flex')
  await element.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(element.getByRole('dialog', { name: 'Settings' })).toBeVisible()
  await element.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Cancel' }).click()
  await saveScreenshot(page, 'playground-embed')

  expect(problems).toEqual([])
  // The policy really was in force, for the page and for the worker's own script.
  expect(guarded.some((path) => /\/embed\/assets\/agent-worker-.*\.js$/.test(path))).toBe(true)
  const inlineRan = await page.evaluate(async () => {
    const script = document.createElement('script')
    script.textContent = 'window.inlineScriptRan = true'
    document.head.append(script)
    await new Promise((resolve) => setTimeout(resolve, 50))
    return (window as { inlineScriptRan?: boolean }).inlineScriptRan === true
  })
  expect(inlineRan).toBe(false)
})
