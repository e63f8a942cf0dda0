import { expect, test } from '@playwright/test'
import { collectPageErrors, openPlayground, renameSession, runDemoTurn } from './playground-fixtures.ts'
import { openSession } from './worker-fixtures.ts'

// Two pages of one browser context are two tabs of one origin. Neither is brought to the front
// again, so a list that changes in the second tab heard of the change from the first.

test("a tab's session list shows what another tab forks, renames and deletes while it stays in the background", async ({ context, page: first }) => {
  const errors = collectPageErrors(first)
  await openPlayground(first)
  await runDemoTurn(first)
  const second = await context.newPage()
  await openSession(second)
  const firstList = first.getByRole('navigation', { name: 'Sessions' })
  const secondList = second.getByRole('navigation', { name: 'Sessions' })
  await expect(secondList.getByRole('listitem')).toHaveCount(1)

  await firstList.getByRole('button', { name: 'Fork What is in this workspace?' }).click()
  await expect(secondList.getByRole('button', { name: /^What is in this workspace\? \(fork\)/ })).toBeVisible()
  await expect(secondList.getByRole('listitem')).toHaveCount(2)

  await renameSession(firstList, 'What is in this workspace? (fork)', 'Second look')
  await expect(secondList.getByRole('button', { name: /^Second look/ })).toBeVisible()

  await firstList.getByRole('button', { name: 'Delete Second look' }).click()
  await firstList.getByRole('button', { name: 'Delete for good' }).click()
  await expect(secondList.getByRole('listitem')).toHaveCount(1)
  await expect(secondList.getByRole('button', { name: /^Second look/ })).toHaveCount(0)
  expect(errors).toEqual([])
})
