import { expect, test, type Page } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import {
  answerCrashTurn,
  createRandom,
  killAgentWorker,
  LIST_PROMPT,
  readStoredSessions,
  turnAnswer,
  turnContent,
  turnFile,
  turnPrompt,
  type TStoredMessage,
  type TWorkerDeath
} from './crash-suite-fixtures.ts'
import { expectIdle, send } from './worker-fixtures.ts'
import { expectSessionOpen } from './playground-fixtures.ts'

// The agent worker dies at random points, before, during and after turns (a fatal error, a silent
// close only heartbeats notice, or the whole tab reloaded mid-turn). Each turn writes one file.
// Whatever IndexedDB held when a worker died is still there afterwards; after a last reload every
// committed message shows, the replay log verifies, and the sandbox holds the file of every turn
// that finished, with its content, and no file of a turn that did not write one.

const SEED = Number(process.env.ROBOTA_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))
const TURNS = Number(process.env.ROBOTA_CRASH_TURNS ?? 50)
// The page's client gives up after five restarts; a reload starts it afresh.
const RESTARTS_BEFORE_RELOAD = 5

type TCrashPoint = 'none' | 'before' | 'during' | 'after'
/**
 * Where inside a turn a `during` crash strikes: just after sending, or while the model streams its
 * first answer (the tool call) or its second (after the tool ran). The model's side is watched,
 * not the page's: the worker runs ahead of what the page has drawn.
 */
type TMilestone = 'sent' | 'first-request' | 'second-request'
const MILESTONES: TMilestone[] = ['sent', 'first-request', 'second-request']
type TCrash = 'fatal-error' | 'silent-close' | 'reload'

let server: TFakeLlmServer

test.beforeAll(async () => {
  server = await startFakeLlmServer({ eventDelayMs: 10 })
  server.enqueue(...Array.from({ length: 4 * TURNS + 10 }, () => answerCrashTurn))
})

test.afterAll(async () => {
  await server.close()
})

function pickCrashPoint(random: () => number): TCrashPoint {
  const roll = random()
  if (roll < 0.45) return 'none'
  if (roll < 0.55) return 'before'
  if (roll < 0.85) return 'during'
  return 'after'
}

function pickCrash(random: () => number): TCrash {
  const roll = random()
  if (roll < 0.05) return 'silent-close'
  if (roll < 0.3) return 'reload'
  return 'fatal-error'
}

async function chooseSettings(page: Page, settings: { baseURL?: string; mode: string }): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  if (settings.baseURL !== undefined) {
    await dialog.getByLabel('Provider').selectOption({ label: 'OpenAI-compatible server' })
    await dialog.getByLabel('Base URL').fill(settings.baseURL)
    await dialog.getByLabel('Model', { exact: true }).fill('gpt-4o-mini')
  }
  await dialog.getByLabel('Permission mode').selectOption(settings.mode)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
}

async function openPlaygroundOn(page: Page, baseURL: string): Promise<void> {
  await page.goto('/')
  await expectSessionOpen(page)
  // `bypassPermissions` lets the turn's `Write` and closing `Bash` run unasked; the page keeps
  // the choice, and each reload and restarted worker must hand it to the reopened session.
  await chooseSettings(page, { baseURL, mode: 'bypassPermissions' })
}

async function reloadPage(page: Page): Promise<void> {
  await page.reload()
  await expectSessionOpen(page, { timeout: 20_000 })
}

/** The one session's stored messages (the suite never opens a second one). */
async function storedMessages(page: Page): Promise<TStoredMessage[]> {
  const sessions = await readStoredSessions(page)
  expect(sessions.length).toBeLessThanOrEqual(1)
  return sessions[0]?.messages ?? []
}

/** Where a turn that did not finish got to: the chat's notices and queue, what it shows, what the model was asked, what is stored. */
async function describeTurn(page: Page, index: number, requestsBefore: number): Promise<string> {
  const chat = page.getByRole('main', { name: 'Chat' })
  const texts = async (locator: ReturnType<Page['locator']>) => (await locator.allTextContents().catch(() => [])).map((text) => text.trim()).filter(Boolean)
  const notices = await texts(chat.locator('[role="status"], [role="alert"]'))
  const queued = await texts(chat.getByRole('region', { name: 'Up next' }).locator('q'))
  const prompts = await texts(chat.getByRole('region', { name: 'Conversation' }).getByLabel('You'))
  const buttons = await texts(chat.locator('form.prompt button'))
  const asked = server.requests.slice(requestsBefore).map((request) => {
    const messages = ((request.body as { messages?: Array<{ role: string; content?: unknown }> } | undefined)?.messages ?? [])
    return `${messages.length} messages, last ${messages.at(-1)?.role}: ${JSON.stringify(messages.at(-1)?.content ?? '').slice(0, 60)}`
  })
  const stored = (await storedMessages(page).catch(() => [])).slice(-4).map((message) => `${message.role}: ${message.content.slice(0, 40)}`)
  return [
    `The chat's notices: ${notices.join(' | ') || 'none'}`,
    `Queued: ${queued.join(' | ') || 'none'}; the prompt's buttons: ${buttons.join(', ')}; agent workers: ${page.workers().filter((worker) => worker.url().includes('agent-worker')).length}`,
    `Prompts shown, the last three: ${prompts.slice(-3).join(' | ')}`,
    `Model requests since turn ${index} was sent: ${asked.join(' ; ') || 'none'}`,
    `Stored, the last four: ${stored.join(' | ') || 'none'}`
  ].join('\n')
}

/** Each message stored before a crash is still stored, unchanged and in order. */
function expectKept(before: TStoredMessage[], after: TStoredMessage[], where: string): void {
  expect(after.slice(0, before.length), `messages committed before ${where}`).toEqual(before)
}

test(`the worker dies at random points across ${TURNS} turns; nothing committed is lost`, async ({ page }) => {
  test.setTimeout(240_000)
  console.log(`worker crash suite: seed ${SEED}; run again with ROBOTA_CRASH_SEED=${SEED}`)
  test.info().annotations.push({ type: 'seed', description: `ROBOTA_CRASH_SEED=${SEED}` })
  const random = createRandom(SEED)
  await openPlaygroundOn(page, server.openaiBaseURL)
  const conversation = page.getByRole('region', { name: 'Conversation' })
  let crashes = 0
  let restartsSinceLoad = 0
  const plan: string[] = []
  let stepStartedAt = Date.now()

  const crash = async (kind: TCrash, where: string) => {
    const before = await storedMessages(page)
    if (kind === 'reload') {
      await reloadPage(page)
      restartsSinceLoad = 0
    } else {
      await killAgentWorker(page, kind as TWorkerDeath)
      restartsSinceLoad += 1
    }
    // A prompt sent just before the crash may still be waiting for the new worker, and then runs there.
    await expectIdle(page, { timeout: 20_000 })
    await expect(page.getByLabel('Prompt')).toBeEnabled()
    crashes += 1
    expectKept(before, await storedMessages(page), where)
    if (restartsSinceLoad >= RESTARTS_BEFORE_RELOAD) {
      await reloadPage(page)
      restartsSinceLoad = 0
    }
  }

  const expectFinished = async (index: number, requestsBefore: number) => {
    try {
      await expect(conversation.getByLabel('Assistant').last(), `turn ${index} after ${plan.join(' ')}`).toContainText(turnAnswer(index), { timeout: 20_000 })
    } catch (error) {
      // What the page and the model saw of the turn tells a lost view from a turn that never left
      // the page, one waiting in the queue, or one the worker never started.
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${await describeTurn(page, index, requestsBefore)}`)
    }
  }

  for (let index = 1; index <= TURNS; index += 1) {
    if (index > 1) plan[plan.length - 1] += `(${Date.now() - stepStartedAt}ms)`
    stepStartedAt = Date.now()
    const point = pickCrashPoint(random)
    const kind = pickCrash(random)
    const milestone = MILESTONES[Math.floor(random() * MILESTONES.length)] as TMilestone
    const delayMs = Math.floor(random() * (milestone === 'sent' ? 150 : 60))
    plan.push(point === 'none' ? `${index}:none` : `${index}:${point}:${kind}${point === 'during' ? `@${milestone}+${delayMs}ms` : ''}`)
    if (point === 'before') await crash(kind, `the crash before turn ${index}`)
    const requests = server.requests.length
    await send(page, turnPrompt(index))
    if (point === 'during') {
      if (milestone !== 'sent') {
        const awaited = requests + (milestone === 'first-request' ? 1 : 2)
        await expect.poll(() => server.requests.length, { intervals: [5] }).toBeGreaterThanOrEqual(awaited)
      }
      await page.waitForTimeout(delayMs)
      await crash(kind, `the crash during turn ${index}`)
      continue
    }
    await expectFinished(index, requests)
    await expectIdle(page)
    if (point === 'after') await crash(kind, `the crash after turn ${index}`)
  }
  test.info().annotations.push({ type: 'plan', description: plan.join(' ') })
  console.log(`worker crash suite: plan ${plan.join(' ')}`)

  // A last reload: everything comes back from IndexedDB into a fresh page and worker.
  const committed = await storedMessages(page)
  await reloadPage(page)
  const stored = await storedMessages(page)
  expectKept(committed, stored, 'the last reload')
  const prompts = stored.filter((message) => message.role === 'user').map((message) => message.content)
  // The conversation opens on its latest messages; the earlier ones come back page by page.
  const showEarlier = conversation.getByRole('button', { name: 'Show earlier messages' })
  for (let pages = 0; pages < 20 && (await showEarlier.count()) > 0; pages += 1) {
    await showEarlier.click()
    await expect(conversation.getByRole('button', { name: 'Loading earlier messages…' })).toHaveCount(0)
  }
  await expect(showEarlier).toHaveCount(0)
  await expect(conversation.getByLabel('You')).toHaveText(prompts)
  const finished = stored.filter((message) => message.role === 'assistant' && /^Wrote turn \d+\.$/.test(message.content))
  await expect(conversation.getByLabel('Assistant').filter({ hasText: /Wrote turn \d+\./ })).toHaveCount(finished.length)
  // Every turn nothing struck finished.
  expect(finished.length).toBeGreaterThanOrEqual(plan.filter((entry) => entry.endsWith(':none')).length)

  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await replay.getByRole('button', { name: 'Verify' }).click()
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('Hash chain intact')

  // The restored sandbox, read by a command in it: each finished turn's file with its content,
  // and no file a turn never wrote.
  await send(page, LIST_PROMPT)
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Listed.', { timeout: 20_000 })
  const listing = (await conversation.getByLabel('Bash result').last().textContent()) ?? ''
  const files = new Map(
    [...listing.matchAll(/crash\/(turn-\d+\.txt)=([^\n"\\]*)/g)].map((match) => [`crash/${match[1]}`, match[2]?.trim() ?? ''])
  )
  for (const answer of finished) {
    const index = Number(/\d+/.exec(answer.content)?.[0])
    expect(files.get(turnFile(index)), `the file of finished turn ${index}`).toBe(turnContent(index))
  }
  const prompted = new Set(prompts.map((prompt) => Number(/Turn (\d+)/.exec(prompt)?.[1])))
  for (const [path, content] of files) {
    const index = Number(/turn-(\d+)/.exec(path)?.[1])
    expect(prompted.has(index), `${path} belongs to a stored turn`).toBe(true)
    expect(content).toBe(turnContent(index))
  }
  const unfinished = [...prompted].filter((index) => !finished.some((answer) => answer.content === turnAnswer(index)))
  // A tool result is stored only after a snapshot holding what the tool did, so a Write reported
  // done never loses its file, even in a turn the crash cut short.
  const lostWrites = unfinished.filter((index) => !files.has(turnFile(index)) && stored.some((message) => message.role === 'tool' && message.content.includes(`Created /workspace/${turnFile(index)}`)))
  console.log(
    `worker crash suite: ${crashes} crashes over ${TURNS} turns; ${finished.length} turns finished, interrupted: ${unfinished.join(', ') || 'none'}; ` +
      `${files.size} files restored`
  )
  expect(lostWrites, 'writes reported done whose file is gone').toEqual([])
  expect(crashes).toBeGreaterThan(0)
  recordSuiteTotal('worker-crash-suite', 'crashes', crashes)
})

