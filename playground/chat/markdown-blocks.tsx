import { Fragment, memo, useMemo } from 'react'
import { MessageMarkdown } from './message-markdown.tsx'
import { splitMarkdownBlocks } from './split-markdown-blocks.ts'
import { useRevealedCount } from './use-revealed-count.ts'

// Pieces are at most 4,000 characters: this many are rendered and laid out in a frame's time.
const PIECES_PER_FRAME = 4

/**
 * Model text as Markdown, piece by piece (see `splitMarkdownBlocks`): while it streams, only the
 * last piece renders again as deltas arrive, and a long text never becomes one box the browser
 * lays out whole on each change. Pieces that arrive many at once show a few more each frame.
 */
export const MarkdownBlocks = memo(function MarkdownBlocks({ text }: { text: string }) {
  const pieces = useMemo(() => splitMarkdownBlocks(text), [text])
  const revealed = useRevealedCount(pieces.length, PIECES_PER_FRAME)
  return (
    <div className="markdown-blocks">
      {pieces.slice(0, revealed).map((piece, index) => (
        // The line end keeps the pieces apart in the text a reader copies; whitespace between blocks shows nothing.
        <Fragment key={index}>
          <MessageMarkdown text={piece} />
          {'\n'}
        </Fragment>
      ))}
    </div>
  )
})
