import { Anchor, type AnchorProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { matchRoute, type AppName } from '@bonds/domain'

/** Props of AppLink. */
export interface AppLinkProps extends AnchorProps {
  href: string
  /** The app rendering the link. */
  app: AppName
  children: ReactNode
  'aria-current'?: 'page' | undefined
}

/**
 * A link that stays in the app when the route table says the target is this app's, and is a
 * plain link (a full page load) when another app owns it.
 */
export function AppLink({ href, app, children, ...rest }: AppLinkProps) {
  const owner = matchRoute(href)?.route.app
  if (owner === app) {
    return (
      <Anchor component={Link} to={href} {...rest}>
        {children}
      </Anchor>
    )
  }
  return (
    <Anchor href={href} {...rest}>
      {children}
    </Anchor>
  )
}
