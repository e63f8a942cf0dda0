import { expect, test } from '@playwright/test'
import { bashPrompt, conversation, expectIdle, followerNotice, openSession, send } from './worker-fixtures.ts'

// Two pages of one browser context are two tabs: one IndexedDB, one set of Web Locks, one
// BroadcastChannel namespace, and a worker each.

test('two tabs on one session: one drives, the other follows read-only and takes over when the first closes mid-turn', async ({ context, page: owner }) => {
  await openSession(owner)
  const follower = await context.newPage()
  await openSession(follower)

  // The owner's turn shows up in the follower as it runs, without the owner's prompt.
  await send(owner, 'What is in this workspace?')
  await expect(conversation(follower).getByLabel('You')).toHaveText('What is in this workspace?')
  await expect(conversation(follower).getByLabel('Bash result').first()).toContainText('README.md')
  await expect(bashPrompt(owner)).toContainText('cat README.md')
  await expect(conversation(follower).getByRole('region', { name: 'Tool call Bash' })).toHaveCount(2)
  await expect(bashPrompt(follower)).toHaveCount(0)
  await bashPrompt(owner).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation(follower).getByLabel('Assistant').last()).toContainText('Its README is titled "Tiny Calculator"')
  await expectIdle(follower)

  // The follower may not drive it: its prompt box waits for a take-over.
  await expect(follower.getByLabel('Prompt')).toBeDisabled()
  await expect(conversation(owner).getByLabel('You')).toHaveCount(1)

  // The owner starts a second turn and its tab closes while the turn waits for a prompt.
  await send(owner, 'And again?')
  await expect(bashPrompt(owner)).toBeVisible()
  await expect(conversation(follower).getByLabel('You')).toHaveCount(2)
  await owner.close()

  // The follower takes over: the cut turn is closed off and reported, and the session is its own now.
  await expect(follower.getByRole('alert').filter({ hasText: 'interrupted' })).toContainText('the tab running it closed')
  await expect(conversation(follower).getByLabel('Bash result').last()).toContainText('the agent stopped before this tool call finished')
  await expectIdle(follower)
  await send(follower, 'My turn now')
  await bashPrompt(follower).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation(follower).getByLabel('Assistant').last()).toContainText('Its README is titled "Tiny Calculator"')
  await expect(conversation(follower).getByLabel('You')).toHaveCount(3)

  // A third tab opened now follows the new owner.
  const third = await context.newPage()
  await openSession(third)
  await expect(conversation(third).getByLabel('You')).toHaveCount(3)
  await expect(followerNotice(third)).toBeVisible()
  await expect(third.getByLabel('Prompt')).toBeDisabled()
})
