import { Stack, Tabs, Text, Title } from '@mantine/core'
import {
  IconArrowsExchange,
  IconBroadcast,
  IconMessages,
  IconTicket,
  IconUsersGroup,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'

interface WorkspaceTab {
  value: string
  label: string
  icon: ReactNode
  description: string
}

/** The workspace tabs of spec section 2, with their texts. */
const TABS: readonly WorkspaceTab[] = [
  {
    value: 'chat',
    label: 'Chat',
    icon: <IconMessages size={16} aria-hidden />,
    description:
      'Connect with other members ... via direct chat, groups, broadcast lists, and more.',
  },
  {
    value: 'ticketing',
    label: 'Ticketing',
    icon: <IconTicket size={16} aria-hidden />,
    description:
      'Coordinate with counterparties and internal teams effortlessly through automated tickets.',
  },
  {
    value: 'private-runs',
    label: 'Private runs',
    icon: <IconUsersGroup size={16} aria-hidden />,
    description: 'Quotes from across your chats will be displayed here.',
  },
  {
    value: 'public-runs',
    label: 'Public runs',
    icon: <IconBroadcast size={16} aria-hidden />,
    description: 'CBC quotes published in the market will be displayed here.',
  },
  {
    value: 'rfq-quotes',
    label: 'RFQ quotes',
    icon: <IconArrowsExchange size={16} aria-hidden />,
    description: 'View all live quotes on the exchanges and execute trades on NSE and BSE RFQ.',
  },
]

/** /dart: the trading workspace. */
export function Page() {
  return (
    <Stack gap="sm" p="md">
      <Title order={1} size="h3">
        Workspace
      </Title>
      <Tabs defaultValue="chat" keepMounted={false}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <Text c="dimmed">{tab.description}</Text>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}
