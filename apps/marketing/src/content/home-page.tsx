import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import {
  IconBrain,
  IconChartLine,
  IconMessages,
  IconSearch,
  IconShieldCheck,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'

const PRODUCTS: readonly { name: string; href: string; icon: ReactNode; text: string }[] = [
  {
    name: 'dart',
    href: '/product/dart',
    icon: <IconChartLine size={20} aria-hidden />,
    text: 'The trading workspace: expressions of interest, RFQ negotiation executed on NSE and BSE RFQ, private and public runs, market depth, tickets from chat, orders and reporting.',
  },
  {
    name: 'find',
    href: '/product/find',
    icon: <IconSearch size={20} aria-hidden />,
    text: 'Search every G-sec, SDL, T-bill and listed corporate bond by name, ISIN or issuer, screen them, and price one to market conventions with its cash flows.',
  },
  {
    name: 'mind',
    href: '/product/mind',
    icon: <IconBrain size={20} aria-hidden />,
    text: 'An analyst chat for market researchers that answers from the bond database, with conversations you can share as a public link.',
  },
]

const FLOW: readonly { step: string; text: string }[] = [
  {
    step: 'Chat',
    text: 'Counterparties talk in direct chats, groups, trading groups and broadcast lists.',
  },
  {
    step: 'Ticket',
    text: 'A deal agreed in chat becomes a ticket: bond, quantum, price or yield, settlement, brokers.',
  },
  { step: 'Order', text: 'Both sides confirm; the consideration is accepted with a custodian.' },
  {
    step: 'Settle and report',
    text: 'The trade is reported to NSCCL or ICCL and settles DvP on T+1.',
  },
]

/** The home page: what the workspace is and where to start. */
export function HomePage() {
  return (
    <Container size="lg" py={56}>
      <Stack gap={56}>
        <Stack gap="md" maw={760}>
          <Badge variant="light" size="lg">
            For India&apos;s bond market
          </Badge>
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
            Quote, negotiate and book bond trades where your desk already talks
          </Title>
          <Text size="lg" c="dimmed">
            Bonds Workspace brings the chats, quotes and tickets of a bond desk into one auditable
            place, and lets anyone look up and price a G-sec, SDL or corporate bond in seconds.
          </Text>
          <Group>
            <Button
              component="a"
              href="/find"
              size="md"
              leftSection={<IconSearch size={18} aria-hidden />}
            >
              Search a bond now
            </Button>
            <Button component="a" href="/auth/login" size="md" variant="default">
              Sign in
            </Button>
          </Group>
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>Three products, one workspace</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {PRODUCTS.map((product) => (
              <Card key={product.name} withBorder padding="lg" component="a" href={product.href}>
                <Stack gap="sm">
                  <Group gap="sm">
                    <ThemeIcon variant="light" size="lg">
                      {product.icon}
                    </ThemeIcon>
                    <Title order={3}>{product.name}</Title>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {product.text}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>How a trade moves through the desk</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {FLOW.map((item, index) => (
              <Stack key={item.step} gap={4}>
                <Text fw={700}>
                  {index + 1}. {item.step}
                </Text>
                <Text size="sm" c="dimmed">
                  {item.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>

        <Card withBorder padding="lg" component="section">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="xl" color="teal">
              <IconShieldCheck size={24} aria-hidden />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={2} size="h3">
                Built for compliance from the first message
              </Title>
              <Text size="sm" c="dimmed">
                Conversations and trades are kept for surveillance by your compliance officer. Read
                how we protect data on the <a href="/data-security">data security</a> page and what
                the chat rules are in the <a href="/chat-policy">chat policy</a>.
              </Text>
            </Stack>
          </Group>
        </Card>

        <Group gap="xs" component="section">
          <IconMessages size={18} aria-hidden />
          <Text size="sm" c="dimmed">
            Access is by invitation from your firm&apos;s administrator.
          </Text>
        </Group>
      </Stack>
    </Container>
  )
}
