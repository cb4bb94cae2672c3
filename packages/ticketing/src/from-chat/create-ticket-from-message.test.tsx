import { createFakeFetch } from '@bonds/api-client/testing'
import type { ChatChannel, ChatMember, ChatMessage } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeTicket } from '../testing/factory.ts'
import { CreateTicketFromMessage } from './create-ticket-from-message.tsx'

// 10:35 IST on Thursday 26 Nov 2026.
const now = () => new Date('2026-11-26T05:05:00.000Z')

const member = (
  userId: string,
  nickname: string,
  client_id: string,
  brand_name: string,
): ChatMember => ({
  userId,
  nickname,
  role: 'none',
  state: 'joined',
  connectionStatus: 'online',
  metaData: { is_staff: 'false', is_active: 'true', client_id, brand_name },
  data: '{}',
  lastReadMessageId: 0,
  lastDeliveredMessageId: 0,
})

const channel = {
  url: 'ch_desk',
  customType: 'trading group',
  name: 'Rates desk',
  members: [
    member('asha', 'Asha', 'c-alpha', 'Alpha Capital'),
    member('vikram', 'Vikram', 'c-beta', 'Beta Bank'),
  ],
} as unknown as ChatChannel

const message = {
  messageId: 42,
  channelUrl: 'ch_desk',
  messageType: 'user',
  message: 'GS 2032 bid 6.54 for 5 cr T+1',
  sender: { userId: 'vikram', nickname: 'Vikram' },
  // 10:02 IST, three minutes before `now`.
  createdAt: Date.parse('2026-11-26T04:32:00.000Z'),
} as unknown as ChatMessage

const quote = {
  isin: 'IN0020210244',
  finstrument_id: 'GS2032',
  display_name: '6.54% GS 2032',
  quote_type: 'BID',
  yield: 0.0654,
  price: null,
  quantum: 5_00_00_000,
  settlement_delta: 1,
  confidence: 0.95,
  auto: true,
}

function renderButton(fake = createFakeFetch()) {
  return renderWithStore(
    <CreateTicketFromMessage
      channel={channel}
      message={message}
      myClientId="c-alpha"
      renderBondPicker={() => <span>bond picker</span>}
      now={now}
    />,
    { fake },
  )
}

describe('CreateTicketFromMessage', () => {
  it('prefills from the parsed quote and the group’s other firm, and posts with the message', async () => {
    const fake = createFakeFetch()
      .on('POST', 'api/eoi/parse/', { body: { quotes: [quote] } })
      .on('POST', 'api/chatter/trade/', { status: 201, body: makeTicket({ id: 55 }) })
    renderButton(fake)
    await userEvent.click(screen.getByRole('button', { name: /Create ticket from this message/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Create ticket from chat' })
    expect(fake.callsTo('POST', 'api/eoi/parse/')[0]?.body).toEqual({
      text: message.message,
      deals: true,
    })
    const form = await within(dialog).findByRole('form', { name: 'New ticket' })
    expect(within(form).getByText('6.54% GS 2032')).toBeInTheDocument()
    expect(within(form).getByRole('combobox', { name: 'Counterparty' })).toHaveValue(
      'Vikram, Beta Bank',
    )
    expect(within(form).getByRole('textbox', { name: /Yield/ })).toHaveValue('6.54')
    // The deal's time is the message's, not the form's.
    expect(within(form).getByRole('textbox', { name: /Trade time/ })).toHaveValue('10:02')
    expect(within(form).getByText('₹5 cr')).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }))
    await waitFor(() => expect(fake.callsTo('POST', 'api/chatter/trade/')).toHaveLength(1))
    expect(fake.callsTo('POST', 'api/chatter/trade/')[0]?.body).toMatchObject({
      channel_url: 'ch_desk',
      message_id: 42,
      finstrument_id: 'GS2032',
      // They bid: we sell.
      buy_or_sell: 'sell',
      bond_yield: 6.54,
      quantum: 50000000,
      settlement_date: '2026-11-27',
      counterparty_client_id: 'c-beta',
      counterparty_user_id: 'vikram',
      exchange: 'NSE',
    })
    expect(await screen.findByText('Ticket created')).toBeInTheDocument()
  })

  it('lets the user fill in a quote the parser could not read, with the schema’s messages', async () => {
    const fake = createFakeFetch().on('POST', 'api/eoi/parse/', { body: { quotes: [] } })
    renderButton(fake)
    await userEvent.click(screen.getByRole('button', { name: /Create ticket from this message/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Create ticket from chat' })
    expect(await within(dialog).findByRole('status')).toHaveTextContent('No quote could be read')
    const form = within(dialog).getByRole('form', { name: 'New ticket' })
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }))
    expect(await within(form).findByText('Choose a bond')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/chatter/trade/')).toHaveLength(0)
  })

  it('says so when the message already has a ticket (200)', async () => {
    const fake = createFakeFetch()
      .on('POST', 'api/eoi/parse/', { body: { quotes: [quote] } })
      .on('POST', 'api/chatter/trade/', { status: 200, body: makeTicket({ id: 55 }) })
    renderButton(fake)
    await userEvent.click(screen.getByRole('button', { name: /Create ticket from this message/ }))
    const form = await screen.findByRole('form', { name: 'New ticket' })
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }))
    expect(await screen.findByText('This message already has a ticket')).toBeInTheDocument()
    expect(
      screen.getByText('Ticket #55 was made from it before; it is in the Ticketing tab.'),
    ).toBeInTheDocument()
  })
})
