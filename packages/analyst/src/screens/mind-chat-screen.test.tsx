import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MindChatScreen } from './mind-chat-screen.tsx'

const answer = {
  chat_id: 'c1',
  message_id: 'm2',
  text: '**35** bonds: active (not matured); state: Maharashtra; type: SDL.',
  result: { kind: 'count', value: 35 },
  bonds: [],
}

describe('the mind chat screen', () => {
  it('asks a question in a new chat and opens the chat it made', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/mind/chats/', { body: { results: [] } }, { body: { results: [] } })
      .on('POST', 'api/mind/ask/', { body: answer })
    const { location } = renderWithStore(<MindChatScreen />, { path: '/mind', fake })
    await userEvent.type(screen.getByLabelText('Your question'), 'how many maha sdls after 2030')
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    await waitFor(() => expect(location()).toBe('/mind/chat/c1'))
    expect(fake.callsTo('POST', 'api/mind/ask/')[0]?.body).toEqual({
      question: 'how many maha sdls after 2030',
    })
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
      .on('POST', 'api/mind/ask/', { body: { ...answer, message_id: 'm4' } })
    renderWithStore(<MindChatScreen chatId="c1" />, { path: '/mind/chat/c1', fake })
    expect(await screen.findByTestId('mind-result')).toHaveProperty('textContent', '35 bonds')
    await userEvent.type(screen.getByLabelText('Your question'), 'and after 2035?{Enter}')
    await waitFor(() => expect(fake.callsTo('POST', 'api/mind/ask/')).toHaveLength(1))
    expect(fake.callsTo('POST', 'api/mind/ask/')[0]?.body).toEqual({
      question: 'and after 2035?',
      chat_id: 'c1',
    })
  })
})
