// @vitest-environment jsdom
import type { ChatChannel, ChatMe } from '@bonds/domain'
import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { aChannel, createFakeProvider } from '../testing/index.ts'
import { ChatTab } from './chat-tab.tsx'

const me: ChatMe = {
  userId: 'me',
  nickname: 'Me',
  metaData: { is_staff: 'false', is_active: 'true', client_id: 'firm-me', brand_name: '-' },
  data: '{"user_onboarded":true}',
  has_accepted_chat_terms: true,
  can_chat: true,
}

const person = (id: string, nickname: string) => ({
  user_id: id,
  nickname,
  first_name: nickname.split(' ')[0]!,
  last_name: nickname.split(' ')[1] ?? '',
  client_id: 'firm-b',
  brand_name: 'Demo Securities',
  is_staff: false,
  is_broker: true,
  is_connection: true,
  user_onboarded: true,
})

async function openChat() {
  const fake = createFakeProvider()
  fake.pageSize = 50
  fake.channels = [aChannel('ch_direct', 'me', ['bharat'])]
  const fetch = createFakeFetch()
    .on('GET', 'api/chat/users/me/', { body: me })
    .on('POST', 'api/issue-sb-session-token', { body: { token: 't', expires_at: 0 } })
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
  renderWithStore(<ChatTab createProvider={() => fake} />, { fake: fetch })
  await userEvent.click(await screen.findByRole('button', { name: 'Bharat' }))
  const box = await screen.findByRole('textbox', { name: 'Message Bharat' })
  return { fake, fetch, box }
}

describe('the composer', () => {
  it('takes pasted and dropped files, previews them, refuses what the server would, sends the rest', async () => {
    const { fake, box } = await openChat()
    const image = new File(['png'], 'chart.png', { type: 'image/png' })
    const sheet = new File(['a,b'], 'runs.csv', { type: 'text/csv' })
    const page = new File(['<html>'], 'page.html', { type: 'text/html' })
    fireEvent.paste(box, { clipboardData: { files: [image] } })
    fireEvent.drop(box, { dataTransfer: { files: [sheet, page] } })
    expect(screen.getByRole('img', { name: 'chart.png' })).toBeInTheDocument()
    expect(screen.getByLabelText('Attachment runs.csv')).toBeInTheDocument()
    expect(
      within(screen.getByLabelText('Attachment page.html')).getByText(
        'This file type cannot be sent',
      ),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove runs.csv' }))
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(fake.calls.filter((c) => c.startsWith('sendText'))).toEqual([
      'sendText ch_direct chart.png',
    ])
    expect(screen.queryByLabelText(/^Attachment/)).toBeNull()
  })

  it('shows a failed send with the reason, and sends it again with Retry', async () => {
    const { fake, box } = await openChat()
    fake.failSends.set('Bid 7.04', 'Accept the invitation before sending messages')
    await userEvent.type(box, 'Bid 7.04{Enter}')
    expect(
      await screen.findByText('Not sent: Accept the invitation before sending messages'),
    ).toBeInTheDocument()
    fake.failSends.clear()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(fake.calls.filter((c) => c === 'sendText ch_direct Bid 7.04')).toHaveLength(2)
    await vi.waitFor(() => expect(screen.queryByText(/^Not sent/)).toBeNull())
  })
})

describe('a new chat', () => {
  it('finds people (3 characters or more) and creates a group with them', async () => {
    const { fake, fetch } = await openChat()
    fetch.on('GET', 'api/chatter/user/search', {
      body: {
        results: [person('bharat', 'Bharat Broker'), person('sunil', 'Sunil Sales')],
        count: 2,
        page: 1,
        page_size: 20,
      },
    })
    const created: unknown[] = []
    fake.createChannel = async (input) => {
      created.push(input)
      const channel: ChatChannel = aChannel('ch_new', 'me', ['bharat', 'sunil'], {
        name: 'Switch desk',
      })
      fake.channels.push(channel)
      fake.emit('channel', channel)
      return channel
    }
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }))
    const form = await screen.findByRole('dialog', { name: 'New chat' })
    await userEvent.click(within(form).getByText('Group'))
    await userEvent.type(within(form).getByLabelText('Name'), 'Switch desk')
    await userEvent.type(within(form).getByLabelText(/^Search people/), 'Bha')
    await userEvent.click(await within(form).findByRole('checkbox', { name: /^Bharat Broker/ }))
    await userEvent.click(within(form).getByRole('checkbox', { name: /^Sunil Sales/ }))
    expect(fetch.callsTo('GET', 'api/chatter/user/search')[0]?.query.get('search_param')).toBe(
      'Bha',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Create group' }))
    expect(created).toEqual([
      { customType: 'group', invitedUserIds: ['bharat', 'sunil'], name: 'Switch desk' },
    ])
    expect(await screen.findByRole('heading', { name: 'Switch desk' })).toBeInTheDocument()
  })
})
