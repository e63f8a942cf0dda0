import { expect, test } from '@playwright/test'
import { collectPageErrors } from './playground-fixtures.ts'
import { bashPrompt, conversation, expectIdle, followerNotice, openSession, send } from './worker-fixtures.ts'

// A tab that follows a session another tab drives offers nothing that cannot work there, keeps
// what was typed in it, and can take the session over.

test('a follower tab disables what cannot work, keeps typed text, and takes over on request', async ({ context, page: first }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(first)
  await openSession(first)
  const second = await context.newPage()
  await openSession(second)

  // The second tab follows: no prompt box, no Stop, no rename or delete; a way to take over.
  await expect(followerNotice(second)).toBeVisible()
  await expect(second.getByLabel('Prompt')).toBeDisabled()
  const sessions = second.getByRole('navigation', { name: 'Sessions' })
  await expect(sessions.getByRole('button', { name: /^Rename / })).toBeDisabled()
  await expect(sessions.getByRole('button', { name: /^Delete / })).toBeDisabled()
  await send(first, 'What is in this workspace?')
  await expect(bashPrompt(first)).toBeVisible()
  await expect(second.getByRole('button', { name: 'Stop' })).toBeDisabled()
  // The follower says what waits in the driving tab, and offers no prompt of its own to answer.
  await expect(conversation(second).getByRole('region', { name: 'Tool call Bash' }).last().locator('.tool-status')).toHaveText('waiting')
  await expect(bashPrompt(second)).toHaveCount(0)
  // A tab opened while the driving tab's turn waits: it follows as well, and tells the host nothing.
  const third = await context.newPage()
  await openSession(third)
  await expect(followerNotice(third)).toBeVisible()
  await expect(conversation(third).getByLabel('You')).toHaveText(['What is in this workspace?'])
  await expect(conversation(third).getByRole('region', { name: 'Tool call Bash' }).last().locator('.tool-status')).toHaveText('waiting')
  for (const follower of [second, third]) await expect(follower.getByText(/could not be/)).toHaveCount(0)
  await third.close()

  // A prompt queued in the first tab, and text typed there, not yet sent, when the second takes over.
  await first.getByLabel('Prompt').fill('Queued in the first tab')
  await first.getByRole('button', { name: 'Queue' }).click()
  await first.getByLabel('Prompt').fill('A draft I have not sent')
  await followerNotice(second).getByRole('button', { name: 'Take over' }).click()
  await expect(second.getByLabel('Prompt')).toBeEnabled()
  await expect(followerNotice(second)).toHaveCount(0)

  // The first tab's turn stopped, what it committed is kept, and it follows now, its draft intact.
  await expect(followerNotice(first)).toBeVisible()
  await expect(first.getByLabel('Prompt')).toBeDisabled()
  await expect(first.getByLabel('Prompt')).toHaveValue('A draft I have not sent')
  await expect(bashPrompt(first)).toHaveCount(0)
  await expect(conversation(second).getByLabel('You')).toHaveText(['What is in this workspace?'])
  // What the first tab queued waits there, held: the second tab's turns do not send it.
  const firstQueue = first.getByRole('region', { name: 'Up next' })
  await expect(firstQueue).toContainText('Held until you resume.')

  await send(second, 'My turn now')
  await bashPrompt(second).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation(second).getByLabel('Assistant').last()).toContainText('came from the offline demo model')
  await expect(conversation(first).getByLabel('Assistant').last()).toContainText('came from the offline demo model')
  await expectIdle(second)

  // And back: the draft goes out from the first tab.
  await followerNotice(first).getByRole('button', { name: 'Take over' }).click()
  await expect(first.getByLabel('Prompt')).toBeEnabled()
  await expect(first.getByLabel('Prompt')).toHaveValue('A draft I have not sent')
  await expect(firstQueue).toContainText('Held until you resume.')
  await firstQueue.getByRole('button', { name: 'Withdraw “Queued in the first tab”' }).click()
  await expect(firstQueue).toHaveCount(0)
  await first.getByRole('button', { name: 'Send' }).click()
  await bashPrompt(first).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation(first).getByLabel('You')).toHaveText(['What is in this workspace?', 'My turn now', 'A draft I have not sent'])
  await expect(second.getByLabel('Prompt')).toBeDisabled()
  await expect(sessions.getByRole('button', { name: /^Delete / })).toBeDisabled()
  expect(errors).toEqual([])
})
