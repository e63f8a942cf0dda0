import { expect, test, type Page } from '@playwright/test'
import { collectPageErrors, DEMO_VIEWPORT, openPlayground, sendPrompt } from './playground-fixtures.ts'

// Prompts typed while a turn runs wait in order, each sent when the turn before it ends; none is
// dropped or replaced, and one can be taken out before it goes.

/** Answers every permission prompt until `count` prompts of the user have been answered. */
async function allowUntilAnswered(page: Page, count: number): Promise<void> {
  const conversation = page.getByRole('region', { name: 'Conversation' })
  const answered = conversation.getByLabel('Assistant').filter({ hasText: 'came from the offline demo model' })
  await expect(async () => {
    const allow = page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' })
    if (await allow.isVisible()) await allow.click({ timeout: 1_000 }).catch(() => undefined)
    expect(await answered.count()).toBe(count)
  }).toPass({ timeout: 45_000, intervals: [100] })
}

/** Allows every tool the turns ask for until the person's prompts are `prompts` and the session is idle. */
async function allowUntilIdle(page: Page, prompts: readonly string[]): Promise<void> {
  const asked = page.getByRole('region', { name: 'Conversation' }).getByLabel('You')
  await expect(async () => {
    const allow = page.getByRole('alertdialog').getByRole('button', { name: 'Allow once' })
    if (await allow.first().isVisible()) await allow.first().click({ timeout: 1_000 }).catch(() => undefined)
    expect(await asked.allTextContents()).toEqual(prompts)
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0)
  }).toPass({ timeout: 45_000, intervals: [100] })
}

/** Types a prompt into the box, as a person does, and presses Enter. */
async function typeAndEnter(page: Page, prompt: string): Promise<void> {
  await page.getByLabel('Prompt').focus()
  await page.keyboard.type(prompt)
  await page.keyboard.press('Enter')
}

/** Queues each prompt with the Queue button, as typed while a turn runs. */
async function queuePrompts(page: Page, prompts: readonly string[]): Promise<void> {
  for (const prompt of prompts) {
    await page.getByLabel('Prompt').fill(prompt)
    await page.getByRole('button', { name: 'Queue', exact: true }).click()
  }
}

test('a long queued prompt waits on one line: the composer stays in view and the page does not scroll sideways', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await sendPrompt(page, 'First question')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  const pasted = 'Please review the following notes carefully. '.repeat(180)
  await queuePrompts(page, [pasted, 'x'.repeat(3000)])
  const queue = page.getByRole('region', { name: 'Up next' })
  await expect(queue.getByRole('listitem')).toHaveCount(2)
  await expect(queue.getByRole('button', { name: `Withdraw “${pasted.slice(0, 59)}…”` })).toBeVisible()
  const viewport = page.viewportSize()
  const stop = await page.getByRole('button', { name: 'Stop' }).boundingBox()
  expect(stop && viewport && stop.y + stop.height <= viewport.height).toBe(true)
  expect((await queue.boundingBox())?.height).toBeLessThan(120)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  expect(errors).toEqual([])
})

test('every prompt queued behind a running turn is sent, in the order typed', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await sendPrompt(page, 'First question')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()

  await queuePrompts(page, ['Second question', 'Dropped question', 'Third question'])
  const queue = page.getByRole('region', { name: 'Up next' })
  await expect(queue.getByRole('listitem')).toHaveText([/Second question/, /Dropped question/, /Third question/])
  await queue.getByRole('button', { name: 'Withdraw “Dropped question”' }).click()
  await expect(queue.getByRole('listitem')).toHaveText([/Second question/, /Third question/])

  await allowUntilAnswered(page, 3)
  await expect(queue).toHaveCount(0)
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You')).toHaveText(['First question', 'Second question', 'Third question'])
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a prompt typed while others wait joins the end of the line, even between two turns', async ({ page }) => {
  test.setTimeout(90_000)
  await openPlayground(page)
  await sendPrompt(page, 'One')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await page.getByLabel('Prompt').fill('Two')
  await page.getByLabel('Prompt').press('Enter')
  await page.getByLabel('Prompt').fill('Three')
  await page.getByLabel('Prompt').press('Enter')
  await allowUntilAnswered(page, 3)
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('You')).toHaveText(['One', 'Two', 'Three'])
})

test('a prompt sent while the first session opens waits for it, then goes out to that session', async ({ page, context }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  // The agent worker's script is held back, so the page is up well before its session.
  let releaseWorker = (): void => undefined
  const workerHeld = new Promise<void>((resolve) => (releaseWorker = resolve))
  await context.route(/\/assets\/agent-worker-[^/]*\.js$/, async (route) => {
    await workerHeld
    await route.continue()
  })
  await page.setViewportSize(DEMO_VIEWPORT)
  await page.goto('/')
  const chat = page.getByRole('main', { name: 'Chat' })
  const promptBox = page.getByLabel('Prompt')
  await expect(promptBox).toBeEnabled()
  await expect(promptBox).toBeFocused()
  await expect(chat).toHaveAttribute('aria-busy', 'true')

  await page.keyboard.type('What is in this workspace?')
  await page.keyboard.press('Enter')
  const queue = page.getByRole('region', { name: 'Up next' })
  await expect(queue).toContainText('Queued: each sends in order, once the session is free.')
  await expect(queue.getByRole('listitem')).toHaveText([/What is in this workspace\?/])
  await expect(promptBox).toHaveValue('')

  releaseWorker()
  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await expect(conversation.getByLabel('You')).toHaveText(['What is in this workspace?'])
  await expect(queue).toHaveCount(0)
  await expect(chat).not.toHaveAttribute('aria-busy')
  expect(errors).toEqual([])
})

test('Stop holds the prompts waiting behind the turn, and a reload keeps them, held, until the person sends them on', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await sendPrompt(page, 'First question')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await queuePrompts(page, ['Waiting question', 'Withdrawn while held'])
  const queue = page.getByRole('region', { name: 'Up next' })
  await expect(queue.getByRole('listitem')).toHaveText([/Waiting question/, /Withdrawn while held/])

  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0)
  await expect(queue).toContainText('Held until you resume.')
  // The prompt box has the keyboard back after a prompt is withdrawn from the held line.
  await expect(page.getByLabel('Prompt')).toBeFocused()
  await queue.getByRole('button', { name: 'Withdraw “Withdrawn while held”' }).click()
  await expect(queue.getByRole('listitem')).toHaveText([/Waiting question/])
  await expect(queue).toContainText('Held until you resume.')
  await expect(page.getByLabel('Prompt')).toBeFocused()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You')).toHaveText(['First question'])
  // A prompt sent by hand (Retry) leaves the line held, and the line says so while that turn runs.
  await conversation.getByRole('button', { name: /^Retry message/ }).click()
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await expect(queue).toContainText('Held until you resume.')
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('You')).toHaveText(['First question', 'First question'])
  await expect(queue.getByRole('listitem')).toHaveText([/Waiting question/])
  await expect(queue).toContainText('Held until you resume.')

  await queue.getByRole('button', { name: 'Resume' }).click()
  await allowUntilAnswered(page, 1)
  await expect(conversation.getByLabel('You')).toHaveText(['First question', 'First question', 'Waiting question'])
  await expect(queue).toHaveCount(0)
  expect(errors).toEqual([])
})

test('after Stop, a prompt sent in the idle session runs now; the held ones wait, and Resume sends them in order', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const promptBox = page.getByLabel('Prompt')
  const hint = page.locator('#prompt-hint')
  // The turn waits on its permission prompt: it surely runs while the next prompts are typed.
  await typeAndEnter(page, 'Run `sleep 6 && echo hi`')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await typeAndEnter(page, 'List the files')
  await typeAndEnter(page, 'Show the git status')
  const queue = page.getByRole('region', { name: 'Up next' })
  await expect(queue.getByRole('listitem')).toHaveText([/List the files/, /Show the git status/])
  await expect(page.getByRole('button', { name: 'Queue' })).toBeVisible()
  await expect(hint).toContainText('Enter queues')

  await promptBox.press('Escape')
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0)
  await expect(queue).toContainText('Held until you resume.')
  await expect(hint).toContainText('Enter sends')
  await expect(promptBox).toBeFocused()
  await page.keyboard.type('Find the TODOs')
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
  await page.keyboard.press('Enter')
  await expect(promptBox).toHaveValue('')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await allowUntilIdle(page, ['Run `sleep 6 && echo hi`', 'Find the TODOs'])
  await expect(conversation.getByLabel('Assistant').last()).toContainText('TODO')

  // The held prompts still wait, behind a real Resume button, and nothing else was sent.
  await expect(queue.getByRole('listitem')).toHaveText([/List the files/, /Show the git status/])
  const resume = queue.getByRole('button', { name: 'Resume' })
  expect((await resume.boundingBox())?.height).toBeGreaterThanOrEqual(24)
  await resume.click()
  await allowUntilIdle(page, ['Run `sleep 6 && echo hi`', 'Find the TODOs', 'List the files', 'Show the git status'])
  await expect(queue).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a reload in the middle of a turn holds what waited, and a prompt typed afterwards is sent at once', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await sendPrompt(page, 'First question')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await queuePrompts(page, ['Waiting question'])

  await page.reload()
  const queue = page.getByRole('region', { name: 'Up next' })
  await expect(queue).toContainText('Held until you resume.')
  await expect(queue.getByRole('listitem')).toHaveText([/Waiting question/])
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0)
  await typeAndEnter(page, 'Find the TODOs')
  await allowUntilIdle(page, ['First question', 'Find the TODOs'])
  await expect(queue.getByRole('listitem')).toHaveText([/Waiting question/])

  await queue.getByRole('button', { name: 'Resume' }).click()
  await allowUntilIdle(page, ['First question', 'Find the TODOs', 'Waiting question'])
  await expect(queue).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a session deleted while its turn waits stays deleted, and the prompts it queued go to no other session', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await sendPrompt(page, 'What is in this workspace?')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await queuePrompts(page, ['Queued one', 'Queued two'])
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await sessions.getByRole('button', { name: 'Delete What is in this workspace?' }).click()
  await sessions.getByRole('button', { name: 'Delete for good' }).click()
  await expect(sessions.getByRole('button', { name: /^What is in this workspace\?/ })).toHaveCount(0)
  await expect(sessions.getByRole('listitem')).toHaveCount(1)

  // The session open now asks only what is asked in it.
  await sendPrompt(page, 'A fresh start')
  await allowUntilAnswered(page, 1)
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('You')).toHaveText(['A fresh start'])
  await page.reload()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await expect(sessions.getByRole('button', { name: /^What is in this workspace\?/ })).toHaveCount(0)
  expect(errors).toEqual([])
})
