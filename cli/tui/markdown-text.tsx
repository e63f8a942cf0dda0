import { Box, Text } from 'ink'
import { lexer, type Token, type Tokens } from 'marked'
import type { ReactNode } from 'react'

/** Markdown as the terminal shows it: headings bold, code set apart, lists with bullets. */
export function MarkdownText({ text }: { text: string }): ReactNode {
  const blocks = lexer(text)
  return (
    <Box flexDirection="column">
      {blocks.map((token, index) => (
        <MarkdownBlock key={index} token={token} />
      ))}
    </Box>
  )
}

function MarkdownBlock({ token }: { token: Token }): ReactNode {
  switch (token.type) {
    case 'space':
      return null
    case 'heading':
      return (
        <Text bold color="cyan">
          {renderInline((token as Tokens.Heading).tokens)}
        </Text>
      )
    case 'code':
      return (
        <Box paddingLeft={2}>
          <Text color="gray">{(token as Tokens.Code).text}</Text>
        </Box>
      )
    case 'list': {
      const list = token as Tokens.List
      const start = typeof list.start === 'number' ? list.start : 1
      return (
        <Box flexDirection="column">
          {list.items.map((item, index) => (
            <Text key={index}>
              {list.ordered ? `${start + index}. ` : '• '}
              {renderInline(item.tokens)}
            </Text>
          ))}
        </Box>
      )
    }
    case 'blockquote':
      return (
        <Box paddingLeft={1} borderStyle="single" borderLeft borderRight={false} borderTop={false} borderBottom={false} borderColor="gray">
          <Text dimColor>{(token as Tokens.Blockquote).text}</Text>
        </Box>
      )
    case 'hr':
      return <Text dimColor>────────</Text>
    case 'paragraph':
      return <Text>{renderInline((token as Tokens.Paragraph).tokens)}</Text>
    default:
      return <Text>{'text' in token && typeof token.text === 'string' ? token.text : token.raw}</Text>
  }
}

function renderInline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, index) => {
    switch (token.type) {
      case 'strong':
        return (
          <Text key={index} bold>
            {renderInline((token as Tokens.Strong).tokens)}
          </Text>
        )
      case 'em':
        return (
          <Text key={index} italic>
            {renderInline((token as Tokens.Em).tokens)}
          </Text>
        )
      case 'codespan':
        return (
          <Text key={index} color="yellow">
            {decodeEntities((token as Tokens.Codespan).text)}
          </Text>
        )
      case 'link': {
        const link = token as Tokens.Link
        return (
          <Text key={index} underline color="blue">
            {renderInline(link.tokens)}
            {link.text === link.href ? '' : ` (${link.href})`}
          </Text>
        )
      }
      case 'br':
        return '\n'
      case 'text': {
        const text = token as Tokens.Text
        return text.tokens ? <Text key={index}>{renderInline(text.tokens)}</Text> : decodeEntities(text.text)
      }
      default:
        return decodeEntities(token.raw)
    }
  })
}

// marked escapes these in inline text for HTML output; a terminal shows the characters.
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? _match)
}
