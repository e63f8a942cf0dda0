// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLocalAgentHost } from '../../worker/create-local-agent-host.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../../lib/testing/scripted-provider.ts'
import { HostSettingsDialog } from './host-settings-dialog.tsx'
import { DEFAULT_SETTINGS } from './playground-settings.ts'

// Counts the renders of the dialog's form, the part with every field.
const dialogRenders = vi.hoisted(() => ({ count: 0 }))
vi.mock('./settings-dialog.tsx', () => ({
  SettingsDialog: ({ open }: { open: boolean }) => {
    dialogRenders.count++
    return <dialog open={open} />
  }
}))

afterEach(cleanup)

describe('HostSettingsDialog', () => {
  it('renders again when what it is given changes, not each time the page does', () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const warnings: string[] = []
    const close = () => undefined
    const save = () => undefined
    const dialog = (open: boolean) => (
      <HostSettingsDialog open={open} settings={DEFAULT_SETTINGS} host={host} sessionId="s1" readOnly={false} mcpServersApplied={0} warnings={warnings} onClose={close} onSave={save} />
    )
    const { rerender } = render(dialog(false))
    const first = dialogRenders.count
    // The page renders with each batch of a streaming turn; the closed dialog is handed the same things.
    for (let batch = 0; batch < 5; batch++) rerender(dialog(false))
    expect(dialogRenders.count).toBe(first)
    rerender(dialog(true))
    expect(dialogRenders.count).toBeGreaterThan(first)
  })
})
