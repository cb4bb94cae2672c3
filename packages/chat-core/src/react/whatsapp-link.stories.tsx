import { createFakeFetch } from '@bonds/api-client/testing'
import { CHAT_MESSAGES } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Provider } from 'react-redux'
import { aChannel } from '../testing/index.ts'
import { WhatsappLink, type WhatsappLinkProps } from './whatsapp-link.tsx'

const PATH = 'api/chat/channels/ch_desk/whatsapp/'
const desk = aChannel('ch_desk', 'dev', ['bharat'], {
  customType: 'trading group',
  name: 'Capital × Securities desk',
  myRole: 'operator',
})

/** The section as the members panel shows it, over a scripted server. */
function Scripted(props: WhatsappLinkProps & { refuse?: boolean }) {
  const { refuse, ...link } = props
  const [{ store }] = useState(() =>
    createTestStore({
      fake: createFakeFetch()
        .on(
          'PUT',
          PATH,
          refuse
            ? {
                status: 400,
                body: {
                  message: CHAT_MESSAGES.whatsappNumberTaken,
                  fields: { number: CHAT_MESSAGES.whatsappNumberTaken },
                },
              }
            : { body: { ...desk, is_whatsapp_linked_channel: true } },
        )
        .on('DELETE', PATH, { body: desk }),
    }),
  )
  return (
    <Provider store={store}>
      <Box w={340} p="md">
        <WhatsappLink {...link} />
      </Box>
    </Provider>
  )
}

const meta = {
  title: 'chat-core/WhatsApp link',
  component: Scripted,
  args: { channel: desk, canManage: true, configured: true },
} satisfies Meta<typeof Scripted>

export default meta
type Story = StoryObj<typeof meta>

/** An operator of a trading group, WhatsApp configured: the number to link. */
export const Operator: Story = {}

/** The same, dark. */
export const Dark: Story = { parameters: { scheme: 'dark' } }

/** The server refuses a number another channel holds (submit any valid number). */
export const NumberTaken: Story = { args: { refuse: true } }

/** A linked channel, for its operator: the mark, the number (operators only) and unlink. */
export const LinkedOperator: Story = {
  args: {
    channel: { ...desk, is_whatsapp_linked_channel: true, whatsapp_number: '+919812345678' },
  },
}

/** The same, dark. */
export const LinkedOperatorDark: Story = {
  args: LinkedOperator.args,
  parameters: { scheme: 'dark' },
}

/** A linked channel, for a member: the mark only. */
export const LinkedMember: Story = {
  args: {
    channel: { ...desk, is_whatsapp_linked_channel: true, myRole: 'none' },
    canManage: false,
  },
}
