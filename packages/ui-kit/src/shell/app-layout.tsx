import { Box, Burger, Container, Group, Paper, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { PRODUCT_NAME, productsFor, type AppName, type LayoutName } from '@bonds/domain'
import { AccountMenu, useShellAccount } from './account.tsx'
import { SETTINGS_NAV, settingsLinksFor } from './account-links.ts'
import { AppLink } from './app-link.tsx'
import classes from './app-layout.module.css'
import { ThemeToggle } from './theme-toggle.tsx'

const NavDrawer = lazy(() => import('./nav-drawer.tsx'))

/** Main navigation: the products the user may open (decision 085), then the about page. */
export function mainNavFor(
  account: ReturnType<typeof useShellAccount>,
): readonly { href: string; label: string }[] {
  // Signed in: only the products the route guard opens for them. A visitor, or a page whose
  // session is still loading (the prerendered markup), sees all three.
  const user = account?.status === 'signed-in' ? account.account : null
  const products = productsFor(user).map(({ href, name }) => ({ href, label: name }))
  return [...products, { href: '/about', label: 'About' }]
}

/** Footer links: policies and contact. */
export const FOOTER_LINKS: readonly { href: string; label: string }[] = [
  { href: '/privacy', label: 'Privacy' },
  { href: '/terms', label: 'Terms' },
  { href: '/data-security', label: 'Data security' },
  { href: '/chat-policy', label: 'Chat policy' },
  { href: '/best-practices', label: 'Best practices' },
  { href: '/contact', label: 'Contact' },
]

const PRODUCT_NAV: readonly { href: string; label: string }[] = [
  { href: '/product/dart', label: 'dart' },
  { href: '/product/find', label: 'find' },
  { href: '/product/mind', label: 'mind' },
]

/** Props of AppLayout. */
export interface AppLayoutProps {
  layout: LayoutName
  app: AppName
  children: ReactNode
  /** Hide the conversation sidebar of the mind layout (shared public chats). */
  hideChatSidebar?: boolean
}

function Brand({ app }: { app: AppName }) {
  return (
    <AppLink
      href="/"
      app={app}
      underline="never"
      fw={700}
      c="var(--mantine-color-text)"
      // One line on a phone too, beside the theme toggle, the account button and the menu.
      fz={{ base: 'sm', xs: 'md' }}
      style={{ whiteSpace: 'nowrap' }}
    >
      {PRODUCT_NAME}
    </AppLink>
  )
}

function Header({ app, compact = false }: { app: AppName; compact?: boolean }) {
  const { pathname } = useLocation()
  const [opened, { toggle, close }] = useDisclosure(false)
  // The drawer's code loads on the first open.
  const [everOpened, setEverOpened] = useState(false)
  const links = mainNavFor(useShellAccount()).map((item) => {
    const current = pathname === item.href || pathname.startsWith(`${item.href}/`)
    return (
      <AppLink
        key={item.href}
        href={item.href}
        app={app}
        className={classes.navLink}
        data-active={current || undefined}
        aria-current={current ? 'page' : undefined}
      >
        {item.label}
      </AppLink>
    )
  })
  return (
    <Box component="header" className={classes.header} h={compact ? 44 : 56}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
          <Brand app={app} />
          <Group component="nav" aria-label="Main" gap="xs" visibleFrom="sm">
            {links}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ThemeToggle />
          <AccountMenu app={app} />
          <Burger
            opened={opened}
            onClick={() => {
              setEverOpened(true)
              toggle()
            }}
            hiddenFrom="sm"
            size="sm"
            aria-label="Open navigation"
          />
        </Group>
      </Group>
      {everOpened && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close} title={PRODUCT_NAME}>
            {links}
          </NavDrawer>
        </Suspense>
      )}
    </Box>
  )
}

function Footer({ app, withToggle = false }: { app: AppName; withToggle?: boolean }) {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="md">
        <Group justify="space-between" gap="md">
          <Text size="sm" c="dimmed">
            {PRODUCT_NAME} · India&apos;s bond market in one workspace
          </Text>
          <Group gap="md">
            <Group component="nav" aria-label="Policies" gap="md">
              {FOOTER_LINKS.map((item) => (
                <AppLink key={item.href} href={item.href} app={app} size="sm" c="dimmed">
                  {item.label}
                </AppLink>
              ))}
            </Group>
            {withToggle ? <ThemeToggle /> : null}
          </Group>
        </Group>
      </Container>
    </Box>
  )
}

function Main({ children }: { children: ReactNode }) {
  return (
    <Box component="main" id="main" className={classes.main}>
      {children}
    </Box>
  )
}

function SkipLink() {
  return (
    <a href="#main" className={classes.skipLink}>
      Skip to content
    </a>
  )
}

function SideNav({
  app,
  items,
  label,
}: {
  app: AppName
  items: typeof SETTINGS_NAV
  label: string
}) {
  const { pathname } = useLocation()
  const account = useShellAccount()
  // Signed in: only the pages the user's roles open (the server and the guard refuse the rest).
  const visible = account?.status === 'signed-in' ? settingsLinksFor(account.account.roles) : items
  return (
    <Box component="nav" aria-label={label} className={classes.sideNav}>
      {visible.map((item) => (
        // Mantine's NavLink look without its collapse (no nested links here): it came into every
        // app's first load with the shell (issue 21).
        <AppLink
          key={item.href}
          href={item.href}
          app={app}
          className={classes.sideLink}
          data-active={pathname === item.href || undefined}
          aria-current={pathname === item.href ? 'page' : undefined}
        >
          <span className={classes.sideLinkLabel}>{item.label}</span>
        </AppLink>
      ))}
    </Box>
  )
}

/** One of the eleven layouts of spec section 2 around a page. */
export function AppLayout({ layout, app, children, hideChatSidebar = false }: AppLayoutProps) {
  switch (layout) {
    case 'bare':
      return <Main>{children}</Main>
    case 'noheader':
      return (
        <div className={classes.page}>
          <SkipLink />
          <Main>{children}</Main>
          <Footer app={app} withToggle />
        </div>
      )
    case 'nofooter':
      return (
        <div className={classes.page}>
          <SkipLink />
          <Header app={app} />
          <Main>{children}</Main>
        </div>
      )
    case 'independentblue':
      return (
        <div className={classes.blue}>
          <Stack align="center" gap="lg" w="100%" maw={460}>
            <Brand app={app} />
            <Paper component="main" id="main" shadow="md" p="xl" radius="md" w="100%">
              {children}
            </Paper>
            <ThemeToggle />
          </Stack>
        </div>
      )
    case 'dart':
      return (
        <div className={classes.page}>
          <SkipLink />
          <Header app={app} compact />
          <Main>{children}</Main>
        </div>
      )
    case 'settings':
      return (
        <div className={classes.page}>
          <SkipLink />
          <Header app={app} />
          <div className={classes.withSide}>
            <SideNav app={app} items={SETTINGS_NAV} label="Settings" />
            <Main>{children}</Main>
          </div>
        </div>
      )
    case 'mind':
      return (
        <div className={classes.page}>
          <SkipLink />
          <Header app={app} />
          <div className={classes.withSide}>
            {hideChatSidebar ? null : (
              <Box component="aside" aria-label="Conversations" className={classes.sideNav}>
                <Text size="sm" fw={600} px="sm" py="xs">
                  Conversations
                </Text>
              </Box>
            )}
            <Main>{children}</Main>
          </div>
        </div>
      )
    case 'productdart':
    case 'productfind':
    case 'productmind':
      return (
        <div className={classes.page}>
          <SkipLink />
          <Header app={app} />
          <Box className={classes.subNav}>
            <Group component="nav" aria-label="Products" gap="md" px="md" h={40}>
              {PRODUCT_NAV.map((item) => {
                const current = item.href === `/product/${layout.slice('product'.length)}`
                return (
                  <AppLink
                    key={item.href}
                    href={item.href}
                    app={app}
                    className={classes.navLink}
                    data-active={current || undefined}
                    aria-current={current ? 'page' : undefined}
                  >
                    {item.label}
                  </AppLink>
                )
              })}
            </Group>
          </Box>
          <Main>{children}</Main>
          <Footer app={app} />
        </div>
      )
    case 'default':
      return (
        <div className={classes.page}>
          <SkipLink />
          <Header app={app} />
          <Main>{children}</Main>
          <Footer app={app} />
        </div>
      )
  }
}
