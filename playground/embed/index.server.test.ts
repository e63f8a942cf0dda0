import { describe, expect, it } from 'vitest'

// A server rendering the page (Next.js, any SSR) imports `robota/embed` where there is no DOM.

describe('robota/embed without a DOM', () => {
  it('imports, defines nothing, and leaves defining to the page', async () => {
    expect(typeof HTMLElement).toBe('undefined')
    const embed = await import('./index.ts')
    expect(embed.RobotaPlaygroundElement).toBeTypeOf('function')
    expect(embed.ROBOTA_PLAYGROUND_ATTRIBUTES).toContain('manifest')
    expect(() => embed.defineRobotaPlayground('robota-playground-server')).not.toThrow()
  })
})
