// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TopBar } from './top-bar.tsx'

afterEach(cleanup)

function renderTopBar(providerKind: string, model: string, keyMissing?: boolean) {
  const onOpenSettings = vi.fn()
  render(
    <TopBar
      providerKind={providerKind}
      model={model}
      {...(keyMissing === undefined ? {} : { keyMissing })}
      permissionMode="default"
      context={{ usedTokens: 0, maxTokens: 200_000, usedPercentage: 0, estimated: true }}
      theme="system"
      onTheme={() => undefined}
      onOpenSettings={onOpenSettings}
    />
  )
  return onOpenSettings
}

describe('TopBar', () => {
  it('marks a provider whose key the page no longer has, and opens Settings to enter it', () => {
    const onOpenSettings = renderTopBar('openai', 'gpt-5-mini', true)
    const badge = screen.getByRole('button', { name: 'OpenAI · gpt-5-mini · no key. Open Settings' })
    expect(badge.textContent).toBe('OpenAI · gpt-5-mini · no key')
    badge.click()
    expect(onOpenSettings).toHaveBeenCalledOnce()
  })

  it('names the provider and model alone when the key is there', () => {
    renderTopBar('openai', 'gpt-5-mini', false)
    expect(screen.getByRole('button', { name: 'OpenAI · gpt-5-mini. Open Settings' }).textContent).toBe('OpenAI · gpt-5-mini')
  })

  it('labels the offline demo as scripted', () => {
    renderTopBar('offline-demo', 'offline-demo')
    expect(screen.getByRole('button', { name: 'Offline demo model · scripted. Open Settings' })).toBeTruthy()
  })
})
