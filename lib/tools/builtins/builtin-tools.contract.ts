import { afterEach, describe } from 'vitest'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { describeBashTool } from './bash-tool.contract.ts'
import { describeEditTool } from './edit-tool.contract.ts'
import { describeGlobTool } from './glob-tool.contract.ts'
import { describeGrepTool } from './grep-tool.contract.ts'
import { describeReadTool } from './read-tool.contract.ts'
import type { TCreateToolSandbox, TToolSandboxFactory } from './tool-sandbox.fixtures.ts'
import { describeWriteTool } from './write-tool.contract.ts'

/**
 * The behaviour every sandbox-backed built-in (Bash, Read, Write, Edit, Glob, Grep) must show on
 * any `ISandboxClient`, as one vitest suite. Call it from each adapter's test file, as
 * `describeSandboxClient` is for the port itself.
 */
export function describeBuiltinTools(name: string, makeSandbox: TToolSandboxFactory): void {
  describe(`${name} (built-in tools contract)`, () => {
    const created: ISandboxClient[] = []
    afterEach(async () => {
      await Promise.all(created.splice(0).map((sandbox) => sandbox.dispose?.()))
    })
    const create: TCreateToolSandbox = async (files = {}) => {
      const made = await makeSandbox(files)
      created.push(made.sandbox)
      return made
    }
    describeBashTool(create)
    describeReadTool(create)
    describeWriteTool(create)
    describeEditTool(create)
    describeGlobTool(create)
    describeGrepTool(create)
  })
}
