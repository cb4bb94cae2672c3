// The members of the open channel: who is an operator (the channel's admins), who is invited,
// names as the viewer may see them (staff under the product's name to non-staff, spec section 6),
// and, for an operator, making others operators and banning (not in a direct chat).
import type { ChatChannel, ChatMember } from '@bonds/domain'
import { Badge, Button, Drawer, Group, Indicator, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { memberMeta } from '../model/channel-rules.ts'
import { memberDisplayName } from '../model/people.ts'

/** Props of MembersPanel. */
export interface MembersPanelProps {
  opened: boolean
  onClose: () => void
  channel: ChatChannel
  me: string
  readOnly: boolean
  onBan: (member: ChatMember) => Promise<void>
  onMakeOperator: (member: ChatMember) => Promise<void>
  /** Shown above the members (the channel's WhatsApp link). */
  header?: ReactNode
}

/** The members drawer. */
export function MembersPanel(props: MembersPanelProps) {
  const { opened, onClose, channel, me, readOnly } = props
  const [busy, setBusy] = useState<string | null>(null)
  const mine = channel.members.find((member) => member.userId === me)
  const viewerIsStaff = mine ? memberMeta(mine).isStaff : false
  const operator = channel.myRole === 'operator' && !readOnly
  const manages = operator && channel.customType !== 'direct'
  const act = async (member: ChatMember, action: (m: ChatMember) => Promise<void>) => {
    setBusy(member.userId)
    try {
      await action(member)
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null)
    }
  }
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={`Members (${channel.memberCount})`}
      size="sm"
    >
      {props.header}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {channel.members.map((member) => {
          const name = memberDisplayName(member, viewerIsStaff)
          const meta = memberMeta(member)
          return (
            <li key={member.userId} aria-label={name}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  <Indicator
                    size={8}
                    color={member.connectionStatus === 'online' ? 'teal' : 'gray'}
                    position="middle-start"
                    offset={-8}
                    aria-hidden
                  >
                    <span />
                  </Indicator>
                  <Stack gap={0}>
                    <Text size="sm">
                      {name}
                      {member.userId === me ? ' (you)' : ''}
                    </Text>
                    {meta.brandName && (viewerIsStaff || !meta.isStaff) ? (
                      <Text size="xs" c="dimmed">
                        {meta.brandName}
                      </Text>
                    ) : null}
                  </Stack>
                  {member.role === 'operator' ? (
                    <Badge size="xs" variant="light">
                      Operator
                    </Badge>
                  ) : null}
                  {member.state !== 'joined' ? (
                    <Badge size="xs" variant="outline" color="gray">
                      {member.state === 'invited' ? 'Invited' : 'Recipient'}
                    </Badge>
                  ) : null}
                </Group>
                {manages && member.userId !== me ? (
                  <Group gap={4} wrap="nowrap">
                    {member.role !== 'operator' && member.state === 'joined' ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        loading={busy === member.userId}
                        onClick={() => void act(member, props.onMakeOperator)}
                        aria-label={`Make ${name} an operator`}
                      >
                        Make operator
                      </Button>
                    ) : null}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={busy === member.userId}
                      onClick={() => void act(member, props.onBan)}
                      aria-label={`Ban ${name}`}
                    >
                      Ban
                    </Button>
                  </Group>
                ) : null}
              </Group>
            </li>
          )
        })}
      </Stack>
    </Drawer>
  )
}
