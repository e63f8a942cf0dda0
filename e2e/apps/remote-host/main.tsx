// A page whose agent loop runs on its server: it asks its own origin for the host's address and
// a token for the signed-in user, then drives the host with the remote client and the same React
// hooks as a worker app. With `#contract` it runs the agent host contract against the host instead.
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createRemoteAgentClient, type IAgentClient } from 'robota/worker'
import { useAgentSession } from '../../../worker/react/index.ts'
import { AGENT_HOST_CONTRACT } from '../../../lib/host/agent-host.contract.ts'

type TAgentHostAccess = { url: string; token: string }

function messageText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : '')).join('')
  return ''
}

function Chat({ client }: { client: IAgentClient }) {
  const [sessionId, setSessionId] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [prompt, setPrompt] = useState('')
  const session = useAgentSession(client, sessionId)
  useEffect(() => {
    client.createSession({ name: 'Remote' }).then(
      (created) => setSessionId(created.id),
      (error: unknown) => setFailure(`${(error as Error).name}: ${(error as Error).message}`)
    )
  }, [client])
  const send = () => {
    const text = prompt
    setPrompt('')
    void session.submit(text)
  }
  return (
    <main>
      <h1>Remote agent host</h1>
      <p role="status" aria-label="Status">
        {failure ?? (sessionId ? session.status : 'connecting')}
      </p>
      <ol aria-label="Messages">
        {session.state.messages.map((message, index) => (
          <li key={index}>
            {message.role}: {messageText(message.content)}
          </li>
        ))}
      </ol>
      {session.state.pendingPermissions.map(({ requestId, request }) => (
        <section key={requestId} aria-label="Permission request">
          <p>Allow {request.toolName}?</p>
          <button onClick={() => void session.answerPermission(requestId, 'allow_once')}>Allow</button>
          <button onClick={() => void session.answerPermission(requestId, 'deny')}>Deny</button>
        </section>
      ))}
      <label>
        Prompt <textarea value={prompt} onChange={(event) => setPrompt(event.target.value)} />
      </label>
      <button onClick={send} disabled={!sessionId || prompt.trim() === ''}>
        Send
      </button>
    </main>
  )
}

async function runContract(client: IAgentClient): Promise<void> {
  const list = document.createElement('ul')
  list.setAttribute('aria-label', 'Contract results')
  const status = document.createElement('p')
  status.setAttribute('role', 'status')
  status.setAttribute('aria-label', 'Status')
  status.textContent = 'running'
  document.body.append(list, status)
  for (const contractCase of AGENT_HOST_CONTRACT) {
    const item = document.createElement('li')
    try {
      await contractCase.run(client)
      item.textContent = `passed: ${contractCase.name}`
    } catch (error) {
      item.textContent = `failed: ${contractCase.name}: ${error instanceof Error ? error.message : String(error)}`
    }
    list.append(item)
  }
  status.textContent = 'done'
}

async function start(): Promise<void> {
  const access = (await (await fetch('/api/agent-host')).json()) as TAgentHostAccess
  const client = createRemoteAgentClient(access.url, { token: access.token })
  if (location.hash === '#contract') return runContract(client)
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Chat client={client} />
    </StrictMode>
  )
}

void start()
