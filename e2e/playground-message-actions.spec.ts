import { expect, test } from '@playwright/test'
import { collectPageErrors, openPlayground, runDemoTurn } from './playground-fixtures.ts'

test('messages: copy an answer, edit a prompt into the box and send it changed, retry a prompt as a new turn', async ({ page, context }) => {
  const errors = collectPageErrors(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openPlayground(page)
  await runDemoTurn(page)
  const conversation = page.getByRole('region', { name: 'Conversation' })
  const prompt = page.getByLabel('Prompt')

  await conversation.getByLabel('Assistant').last().getByRole('button', { name: 'Copy answer' }).click()
  await expect(conversation.getByLabel('Assistant').last().getByRole('button', { name: 'Copy answer' })).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Its README is titled "Tiny Calculator"')

  // Edit puts the prompt back into the box with the keyboard, to change before sending; what the
  // box held unsent comes back with Undo.
  const firstPromptActions = conversation.getByRole('group', { name: 'Message 1 actions', exact: true })
  await prompt.fill('half a thought')
  await firstPromptActions.getByRole('button', { name: 'Edit message 1', exact: true }).click()
  await expect(prompt).toHaveValue('What is in this workspace?')
  await expect(prompt).toBeFocused()
  await prompt.press('ControlOrMeta+z')
  await expect(prompt).toHaveValue('half a thought')
  await firstPromptActions.getByRole('button', { name: 'Edit message 1', exact: true }).click()
  await expect(prompt).toHaveValue('What is in this workspace?')
  await prompt.press('End')
  await prompt.pressSequentially(' List it.')
  await prompt.press('Enter')
  await expect(conversation.getByLabel('You')).toHaveCount(2)
  await expect(conversation.getByLabel('You').last()).toContainText('What is in this workspace? List it.')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  // Retry asks the same again as a new turn; while a turn runs it waits.
  const retry = firstPromptActions.getByRole('button', { name: 'Retry message 1', exact: true })
  await retry.click()
  await expect(conversation.getByLabel('You')).toHaveCount(3)
  await expect(conversation.getByLabel('You').last()).toContainText(/^What is in this workspace\?(?! List)/)
  await expect(retry).toBeDisabled()
  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(retry).toBeEnabled()
  expect(errors).toEqual([])
})
