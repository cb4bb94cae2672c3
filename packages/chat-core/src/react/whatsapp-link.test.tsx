// @vitest-environment jsdom
// The WhatsApp link of a channel (decisions 279, 299): operators link with a checked number and
// unlink, the server's refusals show in its words, members only see the mark, and direct chats,
// broadcasts and unconfigured servers show nothing to link.
import { createFakeFetch } from '@bonds/api-client/testing'
import { CHAT_MESSAGES } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { aChannel } from '../testing/index.ts'
import { WhatsappLink } from './whatsapp-link.tsx'

const PATH = 'api/chat/channels/ch_g/whatsapp/'
const group = aChannel('ch_g', 'me', ['bharat'], { customType: 'group', myRole: 'operator' })
const linked = { ...group, is_whatsapp_linked_channel: true }

describe('WhatsappLink', () => {
  it('checks the number before sending it, then links with the digits', async () => {
    const fake = createFakeFetch().on('PUT', PATH, { body: linked })
    renderWithStore(<WhatsappLink channel={group} canManage configured />, { fake })
    const field = screen.getByRole('textbox', { name: /WhatsApp number/ })
    await userEvent.type(field, '98123')
    await userEvent.click(screen.getByRole('button', { name: 'Link to WhatsApp' }))
    expect(await screen.findByText(CHAT_MESSAGES.whatsappNumber)).toBeInTheDocument()
    expect(fake.callsTo('PUT', PATH)).toHaveLength(0)
    await userEvent.clear(field)
    await userEvent.type(field, '+919812345678{Enter}')
    await expect
      .poll(() => fake.callsTo('PUT', PATH).map((c) => c.body))
      .toEqual([{ number: '919812345678' }])
    await expect.poll(() => field).toHaveValue('')
  })

  it('shows the server’s refusal under the field', async () => {
    const fake = createFakeFetch().on('PUT', PATH, {
      status: 400,
      body: {
        message: CHAT_MESSAGES.whatsappNumberTaken,
        fields: { number: CHAT_MESSAGES.whatsappNumberTaken },
      },
    })
    renderWithStore(<WhatsappLink channel={group} canManage configured />, { fake })
    await userEvent.type(
      screen.getByRole('textbox', { name: /WhatsApp number/ }),
      '919812345678{Enter}',
    )
    expect(await screen.findByText(CHAT_MESSAGES.whatsappNumberTaken)).toBeInTheDocument()
  })

  it('lets an operator unlink a linked channel; a member sees only the mark', async () => {
    const fake = createFakeFetch().on('DELETE', PATH, { body: group })
    const view = renderWithStore(<WhatsappLink channel={linked} canManage configured />, { fake })
    expect(screen.getByText('Linked')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Unlink from WhatsApp' }))
    await expect.poll(() => fake.callsTo('DELETE', PATH)).toHaveLength(1)
    view.unmount()
    renderWithStore(<WhatsappLink channel={linked} canManage={false} configured={false} />)
    expect(screen.getByText('Linked')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows the linked number when the server gives it (to operators only)', () => {
    const view = renderWithStore(
      <WhatsappLink
        channel={{ ...linked, whatsapp_number: '+919812345678' }}
        canManage
        configured
      />,
    )
    expect(screen.getByTestId('whatsapp-number')).toHaveTextContent('+919812345678')
    expect(screen.getByText('Number')).toBeInTheDocument()
    view.unmount()
    // A member's channel carries no number: the mark alone.
    renderWithStore(<WhatsappLink channel={linked} canManage={false} configured />)
    expect(screen.getByText('Linked')).toBeInTheDocument()
    expect(screen.queryByTestId('whatsapp-number')).not.toBeInTheDocument()
  })

  it('offers nothing for a direct chat, a broadcast, a member, or a server without WhatsApp', () => {
    const cases = [
      { channel: { ...group, customType: 'direct' as const }, canManage: true, configured: true },
      {
        channel: { ...group, customType: 'broadcast' as const },
        canManage: true,
        configured: true,
      },
      { channel: group, canManage: false, configured: true },
      { channel: group, canManage: true, configured: false },
    ]
    for (const props of cases) {
      const view = renderWithStore(<WhatsappLink {...props} />)
      expect(screen.queryByText('WhatsApp')).not.toBeInTheDocument()
      view.unmount()
    }
  })
})
