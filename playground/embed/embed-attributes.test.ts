import { describe, expect, it } from 'vitest'
import { readEmbedAttributes } from './embed-attributes.ts'

const BASE = 'https://docs.example.test/guide/page.html'

function read(attributes: Record<string, string>) {
  return readEmbedAttributes({ getAttribute: (name) => attributes[name] ?? null, hasAttribute: (name) => name in attributes }, BASE)
}

describe('readEmbedAttributes', () => {
  it('resolves URLs against the page and keeps the checked values', () => {
    const options = read({ replay: './run.jsonl', manifest: '/w.json', proxy: '/api/llm', provider: 'anthropic', prompt: ' Hi ', autorun: '', theme: 'dark', height: '30rem', panels: 'chat workspace replay', scope: ' tutorial ' })
    expect(options).toEqual({
      replayUrl: new URL('https://docs.example.test/guide/run.jsonl'),
      manifestUrl: new URL('https://docs.example.test/w.json'),
      proxyUrl: new URL('https://docs.example.test/api/llm'),
      provider: 'anthropic',
      prompt: 'Hi',
      autorun: true,
      theme: 'dark',
      height: '30rem',
      sideTabs: ['workspace', 'replay'],
      showSessions: false,
      scope: 'tutorial',
      problems: []
    })
  })

  it('shows everything and runs nothing when no attribute is set', () => {
    expect(read({})).toEqual({ autorun: false, showSessions: true, problems: [] })
  })

  it.each([
    [{ theme: 'purple' }, 'The theme attribute must be light, dark or system; got "purple".'],
    [{ height: '100' }, 'The height attribute must be a CSS length such as 480px, 40rem or 70vh; got "100".'],
    [{ height: 'calc(1px + url(x))' }, 'The height attribute must be a CSS length such as 480px, 40rem or 70vh; got "calc(1px + url(x))".'],
    [{ panels: 'chat terminal' }, 'The panels attribute names "terminal"; it takes sessions, chat, replay, workspace, plugins.'],
    [{ replay: 'javascript:alert(1)' }, 'The replay attribute must be an http(s) URL or a path; got "javascript:alert(1)".'],
    [{ autorun: '' }, 'The autorun attribute sends the prompt attribute, and there is none.'],
    [{ autorun: '', prompt: ' / ' }, 'The autorun attribute sends the prompt attribute, and "/" names no command; give a command such as "/help", or a message.'],
    [{ provider: 'anthropic' }, "The provider attribute \"anthropic\" needs the proxy attribute (the app's provider proxy); without it, choose the provider and enter a key in Settings."],
    [{ provider: 'gemini' }, 'The provider attribute takes demo, anthropic or openai; got "gemini".']
  ])('refuses %o with a message naming the attribute', (attributes, problem) => {
    const options = read(attributes)
    expect(options.problems).toEqual([problem])
    expect(options.theme ?? options.height ?? options.replayUrl ?? options.provider).toBeUndefined()
  })
})
