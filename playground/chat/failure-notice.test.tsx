// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FailureNotice } from './failure-notice.tsx'
import { loadedFailureWording, loadFailureWording } from './failure-wording.ts'

// The wording's chunk; `failNext` makes its next load fail, as a dropped connection would.
const chunk = vi.hoisted(() => ({ loads: 0, failNext: false }))
vi.mock('./describe-failure.ts', async (importOriginal) => {
  chunk.loads += 1
  if (chunk.failNext) {
    chunk.failNext = false
    throw new Error('Failed to fetch dynamically imported module')
  }
  return importOriginal()
})

afterEach(cleanup)

// Each test file has its own module registry, so the wording starts unloaded here; the tests run in order.
describe('FailureNotice', () => {
  it('says the turn failed, in the provider’s own words, while the wording cannot load; the next load tries again', async () => {
    chunk.failNext = true
    render(<FailureNotice message="401 invalid x-api-key" onOpenSettings={() => undefined} />)
    await vi.waitFor(() => expect(chunk.loads).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.getByRole('alert').textContent).toBe('The turn failed.401 invalid x-api-key')
    expect(loadedFailureWording()).toBeUndefined()

    const wording = await loadFailureWording()
    expect(chunk.loads).toBe(2)
    expect(wording.describeFailure('401 invalid x-api-key').title).toBe('The provider refused the API key.')
  })

  it('explains the failure and its fix once the wording is loaded, from the first render on', async () => {
    await loadFailureWording()
    const openSettings = vi.fn()
    render(<FailureNotice message="Request failed" code="AUTHENTICATION_ERROR" onOpenSettings={openSettings} />)
    expect(screen.getByText('The provider refused the API key.')).toBeTruthy()
    screen.getByRole('button', { name: 'Open Settings' }).click()
    expect(openSettings).toHaveBeenCalledOnce()
    expect(chunk.loads).toBe(2)
  })

  it('asks for the key a reload forgot, with Settings to enter it, in place of the provider’s words for developers', async () => {
    await loadFailureWording()
    const openSettings = vi.fn()
    render(
      <FailureNotice message="OpenAIProvider needs an apiKey (or a client). Create a key at https://platform.openai.com/api-keys." onOpenSettings={openSettings} />
    )
    expect(screen.getByRole('alert').textContent).not.toMatch(/apiKey|a client/)
    expect(screen.getByText('The API key for OpenAI is missing.')).toBeTruthy()
    screen.getByRole('button', { name: 'Open Settings' }).click()
    expect(openSettings).toHaveBeenCalledOnce()
  })
})
