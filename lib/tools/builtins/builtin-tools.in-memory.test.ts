import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { describeBuiltinTools } from './builtin-tools.contract.ts'

describeBuiltinTools('InMemorySandboxClient', async (files) => ({
  sandbox: new InMemorySandboxClient({ files, cwd: '/workspace' }),
  root: '/workspace'
}))
