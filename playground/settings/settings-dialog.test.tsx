// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS, type TPlaygroundSettings } from './playground-settings.ts'
import { SettingsDialog } from './settings-dialog.tsx'

afterEach(cleanup)

const anthropic: TPlaygroundSettings = { ...DEFAULT_SETTINGS, providerKind: 'anthropic', model: 'claude-sonnet-4-6' }

function openDialog(settings: TPlaygroundSettings, listModels = vi.fn()) {
  const onSave = vi.fn()
  render(<SettingsDialog open settings={settings} mcpStatuses={[]} onSave={onSave} onClose={() => undefined} listModels={listModels} />)
  return { onSave, listModels }
}

/** The text of what describes `field`, the way a screen reader reads it with the field. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('SettingsDialog', () => {
  it('gives the keyboard to its first field as it opens, not to the dialog, where it shows nowhere', () => {
    openDialog(anthropic)
    expect(document.activeElement).toBe(screen.getByLabelText('Provider'))
  })

  it('refuses a Save without the key: the key field is marked, described by the fix and given the keyboard', () => {
    const { onSave } = openDialog(anthropic)
    const key = screen.getByLabelText('API key for Anthropic')
    expect(key.getAttribute('aria-invalid')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(onSave).not.toHaveBeenCalled()
    expect(key.getAttribute('aria-invalid')).toBe('true')
    expect(descriptionOf(key)).toBe('Enter an API key for Anthropic.')
    expect(document.activeElement).toBe(key)
  })

  it('shows every problem beside its own field and moves to the first of them; a fixed field clears', () => {
    const { onSave } = openDialog({ ...anthropic, baseURL: 'proxy.local', thinkingBudgetTokens: 10, e2b: { ...anthropic.e2b, apiUrl: 'api.e2b.app' } })
    fireEvent.change(screen.getByLabelText('Load images from these hosts without asking'), { target: { value: 'images.example.com, bad_host' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    const baseURL = screen.getByLabelText('Base URL')
    expect(document.activeElement).toBe(baseURL)
    expect(descriptionOf(baseURL)).toBe('The base URL must start with http:// or https://.')
    expect(descriptionOf(screen.getByLabelText('Thinking budget in tokens (0 for none)'))).toMatch(/^Give the model a thinking budget of 0/)
    expect(descriptionOf(screen.getByLabelText('API key for Anthropic'))).toBe('Enter an API key for Anthropic.')
    expect(descriptionOf(screen.getByLabelText('E2B API URL (optional)'))).toBe('The E2B API URL must start with http:// or https://.')
    expect(descriptionOf(screen.getByLabelText('Load images from these hosts without asking'))).toBe('Not a host name: bad_host.')
    expect(screen.getByLabelText('Model').getAttribute('aria-invalid')).toBeNull()

    fireEvent.change(baseURL, { target: { value: 'https://proxy.local' } })
    expect(baseURL.getAttribute('aria-invalid')).toBeNull()
    expect(baseURL.getAttribute('aria-describedby')).toBeNull()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('marks the silence limit and the model of an OpenAI-compatible server', () => {
    openDialog({ ...DEFAULT_SETTINGS, providerKind: 'openai-compatible', model: '', baseURL: 'http://127.0.0.1:11434/v1', idleTimeoutSeconds: Number.NaN })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const idle = screen.getByLabelText('Give up after this many seconds of silence')
    expect(document.activeElement).toBe(idle)
    expect(descriptionOf(idle)).toMatch(/^Give the model between 1 and 3600 whole seconds/)
    expect(descriptionOf(screen.getByLabelText('Model'))).toBe('Choose a model.')
  })

  it('saves once nothing is wrong', () => {
    const { onSave } = openDialog(anthropic)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    fireEvent.change(screen.getByLabelText('API key for Anthropic'), { target: { value: 'sk-ant-test' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ apiKeys: { anthropic: 'sk-ant-test' } }))
  })

  it('shows an MCP server’s problem beside the field it concerns and moves there', () => {
    openDialog(DEFAULT_SETTINGS)
    fireEvent.change(screen.getByLabelText('Server name'), { target: { value: 'docs' } })
    fireEvent.change(screen.getByLabelText('Server URL'), { target: { value: 'mcp.example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }))

    const url = screen.getByLabelText('Server URL')
    expect(document.activeElement).toBe(url)
    expect(descriptionOf(url)).toBe('The MCP server’s URL must start with http:// or https://.')
    expect(screen.getByLabelText('Server name').getAttribute('aria-invalid')).toBeNull()
  })

  // happy-dom has no implicit submission: an Enter keydown left not prevented is one the browser turns into Save.
  it('adds the MCP server being typed on Enter in its fields, instead of saving the dialog', () => {
    const { onSave } = openDialog(DEFAULT_SETTINGS)
    const name = screen.getByLabelText('Server name')
    fireEvent.change(name, { target: { value: 'docs' } })
    expect(fireEvent.keyDown(name, { key: 'Enter', isComposing: true })).toBe(true)
    fireEvent.change(screen.getByLabelText('Server URL'), { target: { value: 'https://mcp.example.com/mcp' } })

    expect(fireEvent.keyDown(screen.getByLabelText('Server URL'), { key: 'Enter' })).toBe(false)

    expect(screen.getByRole('listitem', { name: 'MCP server docs' })).toBeTruthy()
    expect((name as HTMLInputElement).value).toBe('')
    const use = screen.getByLabelText('Use docs') as HTMLInputElement
    expect(fireEvent.keyDown(use, { key: 'Enter' })).toBe(false)
    expect(use.checked).toBe(true)
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    expect(onSave).not.toHaveBeenCalled()
  })

  it('refuses an MCP server added on Enter like one added by its button, and leaves Enter elsewhere to Save', () => {
    openDialog(DEFAULT_SETTINGS)
    expect(fireEvent.keyDown(screen.getByLabelText('Server name'), { key: 'Enter' })).toBe(false)
    expect(descriptionOf(screen.getByLabelText('Server name'))).toMatch(/^Name the MCP server/)
    expect(screen.queryByRole('list', { name: 'MCP servers' })).toBeNull()

    expect(fireEvent.keyDown(screen.getByLabelText('Headers (optional, one “Name: value” a line)'), { key: 'Enter' })).toBe(true)
    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Add server' }), { key: 'Enter' })).toBe(true)
    expect(fireEvent.keyDown(screen.getByLabelText('E2B template'), { key: 'Enter' })).toBe(true)
  })

  it('adds a valid MCP server left in its fields on Save, as Add server would', () => {
    const { onSave } = openDialog(DEFAULT_SETTINGS)
    fireEvent.change(screen.getByLabelText('Server name'), { target: { value: ' docs ' } })
    fireEvent.change(screen.getByLabelText('Server URL'), { target: { value: 'https://mcp.example.com/mcp' } })
    fireEvent.change(screen.getByLabelText('Headers (optional, one “Name: value” a line)'), { target: { value: 'authorization: Bearer t' } })

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ mcpServers: [{ name: 'docs', url: 'https://mcp.example.com/mcp', headers: 'authorization: Bearer t', enabled: true }] })
    )
  })

  it('refuses a Save while the MCP server left in its fields has a problem, shown beside its field, which gets the keyboard', () => {
    const docs = { name: 'docs', url: 'https://docs.example.com/mcp', headers: '', enabled: true }
    const { onSave } = openDialog({ ...DEFAULT_SETTINGS, mcpServers: [docs] })
    const url = screen.getByLabelText('Server URL')
    fireEvent.change(url, { target: { value: 'mcp.example.com' } })

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(onSave).not.toHaveBeenCalled()
    const name = screen.getByLabelText('Server name')
    expect(document.activeElement).toBe(name)
    expect(descriptionOf(name)).toMatch(/^Name the MCP server/)

    fireEvent.change(name, { target: { value: 'docs' } })
    expect(descriptionOf(name)).toBe('There is already an MCP server named "docs".')
    fireEvent.change(name, { target: { value: 'tools' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(url)
    expect(descriptionOf(url)).toBe('The MCP server’s URL must start with http:// or https://.')

    fireEvent.change(url, { target: { value: 'https://mcp.example.com/mcp' } })
    expect(url.getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ mcpServers: [docs, { name: 'tools', url: 'https://mcp.example.com/mcp', headers: '', enabled: true }] }))
  })

  it('saves the servers as listed when the add-a-server fields are blank', () => {
    const docs = { name: 'docs', url: 'https://docs.example.com/mcp', headers: '', enabled: true }
    const { onSave } = openDialog({ ...DEFAULT_SETTINGS, mcpServers: [docs] })
    fireEvent.change(screen.getByLabelText('Server name'), { target: { value: '  ' } })

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ mcpServers: [docs] }))
    expect(screen.getByLabelText('Server name').getAttribute('aria-invalid')).toBeNull()
  })

  it('asks for the key before listing models, in words for people, without asking the host', () => {
    const { listModels } = openDialog(anthropic)
    fireEvent.click(screen.getByRole('button', { name: 'Refresh models' }))
    expect(listModels).not.toHaveBeenCalled()
    expect(screen.getByRole('status', { name: 'Model list' }).textContent).toBe('Enter the API key for Anthropic below first: the API lists the models that key may use.')
  })
})
