import { Fragment, memo, useMemo } from 'react'
import { MessageMarkdown } from './message-markdown.tsx'
import { splitMarkdownBlocks } from './split-markdown-blocks.ts'

/**
 * Model text as Markdown, piece by piece (see `splitMarkdownBlocks`): while it streams, only the
 * last piece renders again as deltas arrive, and a long text never becomes one box the browser
 * lays out whole on each change.
 */
export const MarkdownBlocks = memo(function MarkdownBlocks({ text }: { text: string }) {
  const pieces = useMemo(() => splitMarkdownBlocks(text), [text])
  return (
    <div className="markdown-blocks">
      {pieces.map((piece, index) => (
        // The line end keeps the pieces apart in the text a reader copies; whitespace between blocks shows nothing.
        <Fragment key={index}>
          <MessageMarkdown text={piece} />
          {'\n'}
        </Fragment>
      ))}
    </div>
  )
})
