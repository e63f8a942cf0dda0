import { env } from 'node:process'
import { afterEach, expect, test } from 'vitest'
import { importInteractiveClient } from './import-interactive-client.ts'

const saved = { CI: env.CI, CONTINUOUS_INTEGRATION: env.CONTINUOUS_INTEGRATION }

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
})

test('the CI variables are back, unchanged, once the client is imported', async () => {
  env.CI = 'true'
  env.CONTINUOUS_INTEGRATION = '1'
  const client = await importInteractiveClient()
  expect(typeof client.runInteractive).toBe('function')
  expect(env.CI).toBe('true')
  expect(env.CONTINUOUS_INTEGRATION).toBe('1')
})

test('variables that were not set stay unset', async () => {
  delete env.CI
  delete env.CONTINUOUS_INTEGRATION
  await importInteractiveClient()
  expect('CI' in env).toBe(false)
  expect('CONTINUOUS_INTEGRATION' in env).toBe(false)
})
