// An answer's markdown as React text: bold, bullet lines and links to /security/{id} only. Nothing
// is ever parsed as HTML; any other link is shown as its text.
import { Anchor, List, Text } from '@mantine/core'
import type { ReactNode } from 'react'

const INLINE = /\*\*(.+?)\*\*|\[((?:\\.|[^\]\\])+)\]\((\/security\/[A-Za-z0-9%._-]+)\)|\\(.)/g

/** Markdown's escapes undone ("\[" → "["). */
function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1')
}

/** One line's inline marks as React nodes. */
export function inline(text: string, key = ''): ReactNode[] {
  const nodes: ReactNode[] = []
  let last = 0
  let n = 0
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) nodes.push(text.slice(last, match.index))
    const id = `${key}-${n++}`
    if (match[1] !== undefined) nodes.push(<strong key={id}>{inline(match[1], id)}</strong>)
    else if (match[2] !== undefined) {
      nodes.push(
        // Underlined: a link inside text is told from the text by more than its colour.
        <Anchor key={id} href={match[3]} underline="always">
          {unescape(match[2])}
        </Anchor>,
      )
    } else nodes.push(match[4])
    last = match.index + match[0].length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return nodes
}

/** An answer's text: paragraphs and bullet lists. */
export function AnswerText({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/)
  return (
    <>
      {blocks.map((block, b) => {
        const lines = block.split('\n')
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <List key={b} size="sm" spacing={2}>
              {lines.map((line, i) => (
                <List.Item key={i}>{inline(line.slice(2), `${b}-${i}`)}</List.Item>
              ))}
            </List>
          )
        }
        return (
          <Text key={b} size="sm">
            {inline(lines.join(' '), String(b))}
          </Text>
        )
      })}
    </>
  )
}
