import { describe, expect, it } from 'vitest'
import { firstLineOf, parseMarkdownFrontmatter, readNameList } from './markdown-frontmatter.ts'

describe('parseMarkdownFrontmatter', () => {
  it('splits YAML attributes from the body', async () => {
    const document = await parseMarkdownFrontmatter('---\nname: review\ntools:\n  - Read\n  - Grep\n---\n# Review\nCheck it.\n', 'SKILL.md')
    expect(document).toEqual({ attributes: { name: 'review', tools: ['Read', 'Grep'] }, body: '# Review\nCheck it.' })
  })

  it.each([
    ['no frontmatter', 'Just text.\n', {}, 'Just text.'],
    ['an empty frontmatter', '---\n---\nBody', {}, 'Body'],
    ['a frontmatter of blank lines', '---\n  \r\n\t\n---\nBody', {}, 'Body'],
    ['a frontmatter of comments only', '---\n# nothing yet\n---\nBody', {}, 'Body'],
    ['a byte order mark', '\uFEFF---\nname: x\n---\nBody', { name: 'x' }, 'Body'],
    ['CRLF line ends', '---\r\nname: x\r\n---\r\nBody', { name: 'x' }, 'Body'],
    ['a rule later in the body', 'Intro\n---\nname: x\n---\n', {}, 'Intro\n---\nname: x\n---']
  ])('handles %s', async (_case, text, attributes, body) => {
    expect(await parseMarkdownFrontmatter(text, 'file.md')).toEqual({ attributes, body })
  })

  it.each([
    ['malformed YAML', '---\nname: [unclosed\n---\n', /file\.md: the frontmatter is not valid YAML/],
    ['a list instead of a mapping', '---\n- a\n- b\n---\n', /file\.md: the frontmatter must be a YAML mapping/],
    ['a scalar instead of a mapping', '---\njust words\n---\n', /file\.md: the frontmatter must be a YAML mapping/]
  ])('refuses %s, naming the file', async (_case, text, message) => {
    await expect(parseMarkdownFrontmatter(text, 'file.md')).rejects.toThrow(message)
  })
})

describe('readNameList', () => {
  it.each([
    [undefined, undefined],
    ['Read, Grep ,Glob', ['Read', 'Grep', 'Glob']],
    [['Read', ' Bash '], ['Read', 'Bash']],
    ['', []]
  ])('reads %j', (value, expected) => {
    expect(readNameList(value)).toEqual(expected)
  })
})

describe('firstLineOf', () => {
  it('takes the first non-empty line without heading marks, shortened', () => {
    expect(firstLineOf('\n\n## Deploy the app\nmore')).toBe('Deploy the app')
    expect(firstLineOf('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
