import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MindChatScreen } from './mind-chat-screen.tsx'

/** The app's two mind routes, so the chat id follows the location. */
function MindRoutes() {
  return (
    <Routes>
      <Route path="/mind" element={<MindChatScreen />} />
      <Route path="/mind/chat/:id" element={<ChatRoute />} />
    </Routes>
  )
}
function ChatRoute() {
  const { id } = useParams()
  return <MindChatScreen chatId={id} />
}

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The stream's server: the events, written as server-sent events; the URLs it was asked for. */
function streamServer(events: [string, unknown][], status = 200) {
  const urls: string[] = []
  const body = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(String(url))
    if (status !== 200) {
      return Promise.resolve(
        Response.json(
          { statusCode: status, message: 'This answer stream has expired' },
          { status },
        ),
      )
    }
    const bytes = new TextEncoder().encode(body.join(''))
    return Promise.resolve(
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(bytes.slice(0, 40))
            controller.enqueue(bytes.slice(40))
            controller.close()
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
    )
  })
  return urls
}

const answer = {
  chat_id: 'c1',
  message_id: 'm2',
  text: '**35** bonds: active (not matured); state: Maharashtra; type: SDL.',
  result: { kind: 'count', value: 35 },
  bonds: [],
}

describe('the mind chat screen', () => {
  it('streams the answer of a new chat (steps, the result first, the text) and opens the chat', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/mind/chats/', { body: { results: [] } }, { body: { results: [] } })
      .on('POST', 'api/mind/ask/stream/', { body: { stream_id: 's1' } })
    const urls = streamServer([
      ['progress', { step: 'Reading the bond data' }],
      ['result', { result: answer.result, bonds: [] }],
      ['text', { delta: '**35** bonds: ' }],
      ['text', { delta: 'active (not matured); state: Maharashtra; type: SDL.' }],
      ['done', answer],
    ])
    const { location } = renderWithStore(<MindChatScreen />, { path: '/mind', fake })
    await userEvent.type(screen.getByLabelText('Your question'), 'how many maha sdls after 2030')
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    await waitFor(() => expect(location()).toBe('/mind/chat/c1'))
    expect(fake.callsTo('POST', 'api/mind/ask/stream/')[0]?.body).toEqual({
      question: 'how many maha sdls after 2030',
    })
    expect(urls).toEqual(['http://localhost:3000/api/mind/ask/stream/s1/'])
    expect(screen.getByTestId('mind-progress').textContent).toContain('Reading the bond data')
    expect(screen.getByTestId('mind-result').textContent).toBe('35 bonds')
    expect(screen.getByTestId('mind-answer').textContent).toContain('active (not matured)')
  })

  it('says plainly when the answer cannot be streamed, and asks again on request', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/mind/chats/', { body: { results: [] } })
      .on(
        'POST',
        'api/mind/ask/stream/',
        { body: { stream_id: 's2' } },
        { body: { stream_id: 's5' } },
      )
    streamServer([
      ['progress', { step: 'Reading the bond data' }],
      [
        'error',
        { statusCode: 500, message: 'The answer could not be worked out. Please ask again.' },
      ],
    ])
    renderWithStore(<MindChatScreen />, { path: '/mind', fake })
    await userEvent.type(screen.getByLabelText('Your question'), 'isin of 6.54 GS 2032{Enter}')
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No answerThe answer could not be worked out. Please ask again.',
    )
    expect(screen.queryByTestId('mind-result')).toBeNull()
    expect(screen.getByRole('button', { name: 'Ask' })).toHaveProperty('disabled', false)
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }))
    await waitFor(() => expect(fake.callsTo('POST', 'api/mind/ask/stream/')).toHaveLength(2))
    expect(fake.callsTo('POST', 'api/mind/ask/stream/')[1]?.body).toEqual({
      question: 'isin of 6.54 GS 2032',
    })
  })

  it('shows the server’s message when the stream is refused', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/mind/chats/', { body: { results: [] } })
      .on('POST', 'api/mind/ask/stream/', { body: { stream_id: 's3' } })
    streamServer([], 404)
    renderWithStore(<MindChatScreen />, { path: '/mind', fake })
    await userEvent.type(screen.getByLabelText('Your question'), 'isin of 6.54 GS 2032{Enter}')
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This answer stream has expired',
    )
  })

  it('continues an open chat, showing its messages and the result first', async () => {
    const chat = {
      id: 'c1',
      title: 'Maharashtra SDLs',
      created_at: '2026-11-27T00:00:00Z',
      updated_at: '2026-11-27T00:00:00Z',
      share: null,
      messages: [
        {
          id: 'm1',
          role: 'user',
          text: 'how many maha sdls after 2030',
          result: null,
          bonds: [],
          created_at: '2026-11-27T00:00:00Z',
        },
        {
          id: 'm2',
          role: 'analyst',
          text: answer.text,
          result: answer.result,
          bonds: [],
          created_at: '2026-11-27T00:00:00Z',
        },
      ],
    }
    const fake = createFakeFetch()
      .on('GET', 'api/mind/chats/', { body: { results: [chat] } })
      .on('GET', 'api/mind/chats/c1/', { body: chat }, { body: chat })
      .on('POST', 'api/mind/ask/stream/', { body: { stream_id: 's4' } })
    streamServer([['done', { ...answer, message_id: 'm4' }]])
    renderWithStore(<MindChatScreen chatId="c1" />, { path: '/mind/chat/c1', fake })
    expect(await screen.findByTestId('mind-result')).toHaveProperty('textContent', '35 bonds')
    await userEvent.type(screen.getByLabelText('Your question'), 'and after 2035?{Enter}')
    await waitFor(() => expect(fake.callsTo('POST', 'api/mind/ask/stream/')).toHaveLength(1))
    expect(fake.callsTo('POST', 'api/mind/ask/stream/')[0]?.body).toEqual({
      question: 'and after 2035?',
      chat_id: 'c1',
    })
  })

  it('keeps a streamed answer to its chat: moving to another chat neither shows it nor goes back', async () => {
    const chat = (id: string, title: string) => ({
      id,
      title,
      created_at: '2026-11-27T00:00:00Z',
      updated_at: '2026-11-27T00:00:00Z',
      share: null,
      messages: [],
    })
    const many = <T,>(body: T) => Array.from({ length: 10 }, () => ({ body }))
    const { messages: _m1, ...one } = chat('c1', 'Maharashtra SDLs')
    const { messages: _m2, ...two } = chat('c2', 'G-sec yields')
    const fake = createFakeFetch()
      .on('GET', 'api/mind/chats/', ...many({ results: [one, two] }))
      .on('GET', 'api/mind/chats/c1/', ...many(chat('c1', 'Maharashtra SDLs')))
      .on('GET', 'api/mind/chats/c2/', ...many(chat('c2', 'G-sec yields')))
      .on('POST', 'api/mind/ask/stream/', { body: { stream_id: 's6' } })
    streamServer([['done', answer]])
    const { location } = renderWithStore(<MindRoutes />, { path: '/mind/chat/c1', fake })
    await userEvent.type(await screen.findByLabelText('Your question'), 'and after 2035?{Enter}')
    expect((await screen.findByTestId('mind-result')).textContent).toBe('35 bonds')
    await userEvent.click(screen.getByRole('link', { name: 'G-sec yields' }))
    await waitFor(() => expect(location()).toBe('/mind/chat/c2'))
    await screen.findByRole('heading', { name: 'G-sec yields' })
    expect(screen.queryByTestId('mind-stream')).toBeNull()
    expect(location()).toBe('/mind/chat/c2')
  })
})
