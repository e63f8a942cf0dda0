// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { SidePanel, type TSideTab } from './side-panel.tsx'

afterEach(cleanup)

function Panel({ tabs }: { tabs?: readonly TSideTab[] }) {
  const [tab, setTab] = useState<TSideTab>(tabs?.[0] ?? 'replay')
  return <SidePanel tab={tab} onTab={setTab} tabs={tabs} replay={<p>Replay events</p>} workspace={<p>Files</p>} plugins={<p>Bundles</p>} />
}

// Which tab is open, which one Tab stops at, and which has the keyboard.
function tabState() {
  const tabs = screen.getAllByRole('tab')
  return {
    selected: tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.textContent),
    tabStops: tabs.filter((tab) => tab.tabIndex === 0).map((tab) => tab.textContent),
    focused: document.activeElement?.textContent
  }
}

describe('SidePanel', () => {
  it('is one tab stop, the open tab; the other tabs are out of the Tab order', () => {
    render(<Panel />)
    expect(tabState()).toMatchObject({ selected: ['Replay'], tabStops: ['Replay'] })
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1'])
    fireEvent.click(screen.getByRole('tab', { name: 'Plugins' }))
    expect(tabState()).toMatchObject({ selected: ['Plugins'], tabStops: ['Plugins'] })
    expect(screen.getByRole('tabpanel').textContent).toBe('Bundles')
  })

  it.each([
    ['ArrowRight', 'Workspace'],
    ['ArrowLeft', 'Plugins'],
    ['End', 'Plugins'],
    ['Home', 'Replay']
  ])('%s from the first tab opens and focuses %s', (key, expected) => {
    render(<Panel />)
    const first = screen.getByRole('tab', { name: 'Replay' })
    first.focus()
    fireEvent.keyDown(first, { key })
    expect(tabState()).toEqual({ selected: [expected], tabStops: [expected], focused: expected })
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(`tab-${expected.toLowerCase()}`)
  })

  it('moves among the tabs an embed offers, in its order, and wraps at either end', () => {
    render(<Panel tabs={['workspace', 'replay']} />)
    const open = screen.getByRole('tab', { name: 'Workspace' })
    open.focus()
    fireEvent.keyDown(open, { key: 'ArrowLeft' })
    expect(tabState()).toEqual({ selected: ['Replay'], tabStops: ['Replay'], focused: 'Replay' })
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    expect(tabState()).toEqual({ selected: ['Workspace'], tabStops: ['Workspace'], focused: 'Workspace' })
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' })
    expect(tabState().selected).toEqual(['Workspace'])
  })
})
