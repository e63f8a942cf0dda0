// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'

// The same module in a page: loading it registers the element, and an app may register it again
// under a tag of its own.

describe('robota/embed in a page', () => {
  it('defines <robota-playground> on import, as an HTMLElement', async () => {
    const embed = await import('./index.ts')
    const element = customElements.get('robota-playground')
    expect(element).toBeTypeOf('function')
    expect(element?.prototype).toBeInstanceOf(embed.RobotaPlaygroundElement)
    expect(embed.RobotaPlaygroundElement.prototype).toBeInstanceOf(HTMLElement)
    embed.defineRobotaPlayground('docs-playground')
    expect(customElements.get('docs-playground')).toBeTypeOf('function')
  })
})
