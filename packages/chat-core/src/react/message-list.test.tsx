// @vitest-environment jsdom
import type { ChatMessage } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { ChatSession } from '../session/session.ts'
import { aChannel, aMessage } from '../testing/index.ts'
import { MessageList } from './message-list.tsx'
import { ESTIMATED_ROW } from './row-heights.ts'
import { ChatSessionProvider } from './runtime.tsx'

const ROW = 50
const channel = aChannel('c', 'me', ['bharat'], { name: 'Desk' })
const day = Date.parse('2026-11-27T04:00:00Z')
const messages = (from: number, to: number): ChatMessage[] =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    aMessage('c', 'bharat', {
      messageId: from + i,
      message: `Bid ${from + i}`,
      createdAt: day + (from + i) * 1000,
    }),
  )

/**
 * jsdom has no layout: every drawn row is ROW px high, the log shows 480 px and is as tall as the
 * list's sizer, and scrolling it by a call sets its scroll top.
 */
function withLayout(run: () => Promise<void>) {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-index') ? ROW : 0
    },
  })
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    writable: true,
    value(this: HTMLElement, options: { top?: number }) {
      if (options.top !== undefined) this.scrollTop = options.top
    },
  })
  return run().finally(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', height)
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo
  })
}

function renderList(list: ChatMessage[]) {
  const session = { loadPrevious: vi.fn(async () => {}) } as unknown as ChatSession
  const show: { items?: (items: ChatMessage[]) => void } = {}
  function Harness() {
    const [items, setItems] = useState(list)
    show.items = setItems
    return (
      <ChatSessionProvider session={session}>
        <MessageList
          channel={channel}
          messages={items}
          outgoing={[]}
          me="me"
          viewerIsStaff={false}
          now={day}
        />
      </ChatSessionProvider>
    )
  }
  renderWithStore(<Harness />)
  const log = screen.getByRole('log')
  Object.defineProperty(log, 'clientHeight', { configurable: true, value: 480 })
  Object.defineProperty(log, 'scrollHeight', {
    configurable: true,
    get: () => parseFloat((log.firstElementChild as HTMLElement | null)?.style.height ?? '0'),
  })
  return { log, rerender: (items: ChatMessage[]) => act(() => show.items!(items)) }
}

describe('the message list when older messages come in above', () => {
  it.each([
    ['part way down the page', 1000],
    ['at the very top, under the day’s separator', 0],
  ])('keeps the reader where they were, %s', async (_, scrollTop) =>
    withLayout(async () => {
      const { log, rerender } = renderList(messages(101, 140))
      // Opened at the latest message (a frame later); the reader scrolls up from there.
      await act(() => new Promise((done) => requestAnimationFrame(() => done(undefined))))
      log.scrollTop = scrollTop
      fireEvent.scroll(log)
      const reading = `Bid ${101 + scrollTop / ROW}`
      expect(await within(log).findByText(reading)).toBeInTheDocument()
      // A page of 100 older messages of the same day: the view moves down by their height, in
      // the same render, so the message the reader was at is still drawn there; the day's
      // separator moves up to the new first message.
      await rerender(messages(1, 140))
      // Its rows are estimated at the height learnt from the rows drawn so far, except the new
      // first message, which carries the day's separator (a shape not yet measured).
      expect(log.scrollTop).toBe(scrollTop + 99 * ROW + ESTIMATED_ROW)
      expect(within(log).getByText(reading)).toBeInTheDocument()
      expect(within(log).queryByText('Bid 1')).not.toBeInTheDocument()
      fireEvent.scroll(log)
      expect(await within(log).findByText(reading)).toBeInTheDocument()
    }),
  )
})
