import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createAgentClient } from '../create-agent-client.ts'
import { useAgentSession } from './use-agent-session.ts'

describe('a chat component rendered on a server', () => {
  it('renders with its client made at the module top level, and starts no worker there', () => {
    let started = 0
    // As a component module written for the page does it, evaluated where there is no Worker.
    const client = createAgentClient(() => {
      started++
      return new Worker(new URL('./agent.worker.js', import.meta.url), { type: 'module' })
    })
    function Chat() {
      const { status, state } = useAgentSession(client, 'session-1')
      return createElement('p', { id: 'status' }, `${status}: ${state.messages.length} messages`)
    }

    expect(renderToString(createElement(Chat))).toBe('<p id="status">idle: 0 messages</p>')
    expect(started).toBe(0)
    client.terminate()
  })
})
