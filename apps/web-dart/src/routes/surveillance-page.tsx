// /surveillance: the compliance officer's view only page. Trades: the firm's tickets and orders,
// each reconstructable and exportable as PDF (`@bonds/ticketing`). Chats: the chats of the firm's
// people (`@bonds/chat-core`); reading marks nothing as read.
import { ChatSurveillance } from '@bonds/chat-core/react'
import { SurveillanceTrades } from '@bonds/ticketing'
import { Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconMessages, IconReceipt } from '@tabler/icons-react'

/** /surveillance: compliance surveillance of the firm's trades and chats (view only). */
export function Page() {
  return (
    <Stack gap="sm" p="md" mih="calc(100dvh - var(--app-shell-header-height, 56px))">
      <div>
        <Title order={1} size="h3">
          Surveillance
        </Title>
        <Text size="sm" c="dimmed">
          Your firm’s trades and chats, view only. Nothing here changes a trade or marks a message
          as read.
        </Text>
      </div>
      <Tabs
        defaultValue="trades"
        keepMounted={false}
        style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
      >
        <Tabs.List aria-label="Surveillance">
          <Tabs.Tab value="trades" leftSection={<IconReceipt size={16} aria-hidden />}>
            Trades
          </Tabs.Tab>
          <Tabs.Tab value="chats" leftSection={<IconMessages size={16} aria-hidden />}>
            Chats
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trades" pt="md">
          <SurveillanceTrades />
        </Tabs.Panel>
        <Tabs.Panel
          value="chats"
          pt="md"
          style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
        >
          {/* The chat layout fills a box of known height (the page itself grows with the trades). */}
          <Paper
            withBorder
            radius="md"
            style={{
              height: 'calc(100dvh - var(--app-shell-header-height, 56px) - 190px)',
              minHeight: 420,
              overflow: 'hidden',
            }}
          >
            <ChatSurveillance />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
