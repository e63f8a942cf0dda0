// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from './playground-settings.ts'
import { SettingsDialog } from './settings-dialog.tsx'

const STYLES = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../styles.css'), 'utf8')

afterEach(() => {
  cleanup()
  document.head.replaceChildren()
})

// happy-dom lays nothing out, but it applies the page's style sheet: what it computes says whether
// the rules that keep the dialog's content within its width reach the elements they must.
describe('the settings dialog’s layout', () => {
  it('lets every group and field shrink to the dialog’s width, whatever the longest model name', () => {
    const style = document.createElement('style')
    style.textContent = STYLES
    document.head.append(style)
    const root = document.createElement('div')
    root.className = 'robota-root'
    document.body.append(root)
    render(
      <SettingsDialog open settings={{ ...DEFAULT_SETTINGS, providerKind: 'anthropic', model: 'claude-opus-4-5-20251101' }} mcpStatuses={[]} onSave={() => undefined} onClose={() => undefined} />,
      { container: root }
    )

    const groups = [...root.querySelectorAll('fieldset')]
    expect(groups.length).toBeGreaterThan(3)
    for (const group of groups) expect(parseFloat(getComputedStyle(group).minWidth)).toBe(0)
    const controls = [...root.querySelectorAll<HTMLElement>('fieldset select, fieldset input:not([type="checkbox"]), fieldset textarea')]
    expect(controls.length).toBeGreaterThan(5)
    for (const control of controls) expect(getComputedStyle(control)).toMatchObject({ maxWidth: '100%', boxSizing: 'border-box' })
  })
})
