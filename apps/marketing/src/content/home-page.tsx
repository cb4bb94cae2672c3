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

// Every sentence here says what the product does today (issue 16); what is being built is said
// to be, and the product pages carry the rest.
const PRODUCTS: readonly {
  name: string
  href: string
  icon: ReactNode
  text: string
  building?: boolean
}[] = [
  {
    name: 'dart',
    href: '/product/dart',
    icon: <IconChartLine size={20} aria-hidden />,
    text: 'The trading workspace: direct chats, groups, trading groups and broadcast lists with your counterparties, your network of counterparties, live market depth and the market’s hours. Tickets, runs and RFQ negotiation are being built.',
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
    text: 'An analyst chat for market researchers that will answer from the bond database, with conversations you can share as a public link.',
    building: true,
  },
]

const TODAY: readonly { step: string; text: string }[] = [
  {
    step: 'Find',
    text: 'Search by name, ISIN or issuer, or screen by category, rating and time to maturity.',
  },
  {
    step: 'Price',
    text: 'Fix a yield or a price for any settlement date; read accrued interest, cash flows and a PDF quote.',
  },
  {
    step: 'Talk',
    text: 'Chat with counterparties in direct chats, groups, trading groups and broadcast lists.',
  },
  {
    step: 'Watch',
    text: 'Follow live market depth for a bond and the market’s hours, from the dart workspace.',
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
            Price India’s bonds and talk to your counterparties in one place
          </Title>
          <Text size="lg" c="dimmed">
            Bonds Workspace keeps a bond desk’s chats in one place your compliance officer can
            review, and lets anyone look up and price a G-sec, SDL or corporate bond in seconds.
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
                    {product.building ? (
                      <Badge variant="outline" color="gray">
                        Being built
                      </Badge>
                    ) : null}
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
          <Title order={2}>What you can do today</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {TODAY.map((item, index) => (
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
                Conversations are kept for surveillance by your compliance officer. Read how we
                protect data on the <a href="/data-security">data security</a> page and what the
                chat rules are in the <a href="/chat-policy">chat policy</a>.
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
