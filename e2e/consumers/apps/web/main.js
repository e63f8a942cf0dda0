// The app's page: starts its worker, runs a turn on a button, shows a stored session on reload, and
// on another button runs a turn with a provider whose SDK the app did not install.
import { createAgentClient } from 'robota/worker'

const client = createAgentClient(() => new Worker(new URL('./agent.worker.js', import.meta.url), { type: 'module' }))
const show = (id, text) => {
  document.getElementById(id).textContent = text
}

async function main() {
  const seen = []
  await client.subscribe((events) => {
    for (const event of events) if (event.kind === 'replay') seen.push(event.event.type)
    show('events', seen.join(' '))
  })
  const { sessions } = await client.listSessions()
  const session = sessions[0] ?? (await client.createSession({ name: 'Sums' }))
  const view = await client.openSession(session.id)
  show('restored', view.messages.map((message) => message.role).join(' '))
  document.getElementById('run').addEventListener('click', async () => {
    const result = await client.submit(session.id, 'Add the numbers in numbers.txt')
    show('answer', result.response)
  })
  document.getElementById('ask-openai').addEventListener('click', async () => {
    const other = await client.createSession({ name: 'OpenAI', provider: { kind: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-unused' } })
    const { error } = await client.submit(other.id, 'Hello')
    show('provider-error', `${error?.code}: ${error?.message}`)
  })
  show('status', 'ready')
}

main().catch((error) => show('status', `failed: ${error.message}`))
