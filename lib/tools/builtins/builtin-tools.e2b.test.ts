import { createFakeCloud, createSeededSandbox } from '../../../sandbox/e2b/e2b-fake-cloud.fixtures.ts'
import { E2B_DEFAULT_CWD, E2BSandboxClient } from '../../../sandbox/e2b/index.ts'
import { describeBuiltinTools } from './builtin-tools.contract.ts'

describeBuiltinTools('E2BSandboxClient over FakeE2BSandbox', async (files) => {
  const cloud = createFakeCloud()
  return { sandbox: new E2BSandboxClient(await createSeededSandbox(cloud, files), { sandboxClass: cloud }), root: E2B_DEFAULT_CWD }
})
