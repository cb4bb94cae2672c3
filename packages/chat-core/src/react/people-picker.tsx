// Choosing people: the search of `GET api/chatter/user/search` (3 characters or more), one person
// for a direct chat, several for the others. Used to create a channel and to invite.
import type { ChatChannelType, ChatUser } from '@bonds/domain'
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useSearchChatUsersQuery } from './api.ts'
import { CHANNEL_TYPE_LABELS } from './channel-types.ts'

export { CHANNEL_TYPE_LABELS }

function personLabel(user: ChatUser) {
  const firm = user.brand_name && user.brand_name !== '-' ? ` · ${user.brand_name}` : ''
  return `${user.nickname}${firm}`
}

/** Props of PeopleSearch. */
export interface PeopleSearchProps {
  single: boolean
  chosen: readonly ChatUser[]
  onChange: (chosen: ChatUser[]) => void
  /** People already in the channel (not offered). */
  exclude?: readonly string[]
}

/** Search people and choose one or several. */
export function PeopleSearch({ single, chosen, onChange, exclude = [] }: PeopleSearchProps) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const ready = debounced.length >= 3
  const { data, isFetching, isError } = useSearchChatUsersQuery(
    { search: debounced },
    { skip: !ready },
  )
  const found = (data?.results ?? []).filter((user) => !exclude.includes(user.user_id))
  const chosenIds = new Set(chosen.map((user) => user.user_id))
  const toggle = (user: ChatUser, on: boolean) =>
    onChange(
      single ? [user] : on ? [...chosen, user] : chosen.filter((c) => c.user_id !== user.user_id),
    )
  return (
    <Stack gap="xs">
      <TextInput
        label="Search people"
        description="Name, e-mail or firm; 3 characters or more"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {chosen.length > 0 && !single ? (
        <Text size="xs" c="dimmed">
          Chosen: {chosen.map(personLabel).join(', ')}
        </Text>
      ) : null}
      {!ready ? null : isError ? (
        <Text size="sm" c="red">
          The search failed. Try again.
        </Text>
      ) : found.length === 0 && !isFetching ? (
        <Text size="sm" c="dimmed">
          No one found for “{debounced}”.
        </Text>
      ) : single ? (
        <Radio.Group
          aria-label="People found"
          value={chosen[0]?.user_id ?? ''}
          onChange={(id) => {
            const user = found.find((u) => u.user_id === id)
            if (user) toggle(user, true)
          }}
        >
          <Stack gap={4}>
            {found.map((user) => (
              <Radio key={user.user_id} value={user.user_id} label={personLabel(user)} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Stack gap={4} role="group" aria-label="People found">
          {found.map((user) => (
            <Checkbox
              key={user.user_id}
              label={personLabel(user)}
              checked={chosenIds.has(user.user_id)}
              onChange={(event) => toggle(user, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/** What the create form gives. */
export interface NewChannel {
  customType: ChatChannelType
  name: string
  people: ChatUser[]
}

/** Props of CreateChannelModal. */
export interface CreateChannelModalProps {
  opened: boolean
  onClose: () => void
  onCreate: (channel: NewChannel) => Promise<void>
  /** The types the user may create (a trading group: Dealers only). */
  types: readonly ChatChannelType[]
  initialType?: ChatChannelType
}

/** Create a direct chat, group, trading group or broadcast list. */
export function CreateChannelModal(props: CreateChannelModalProps) {
  const { opened, onClose, onCreate, types } = props
  const [customType, setType] = useState<ChatChannelType>(props.initialType ?? 'direct')
  const [name, setName] = useState('')
  const [people, setPeople] = useState<ChatUser[]>([])
  const [busy, setBusy] = useState(false)
  const direct = customType === 'direct'
  const submit = async () => {
    setBusy(true)
    try {
      await onCreate({ customType, name: name.trim(), people })
      setPeople([])
      setName('')
      onClose()
    } catch {
      // The client has shown the server's message; the form stays for another try.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title="New chat" size="md">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Chat type"
          value={customType}
          onChange={(value) => {
            setType(value as ChatChannelType)
            setPeople([])
          }}
          data={types.map((type) => ({ value: type, label: CHANNEL_TYPE_LABELS[type] }))}
          fullWidth
        />
        {!direct ? (
          <TextInput
            label="Name"
            placeholder="Group Channel"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        ) : null}
        <PeopleSearch single={direct} chosen={people} onChange={setPeople} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={people.length === 0}>
            {direct ? 'Start chat' : `Create ${CHANNEL_TYPE_LABELS[customType].toLowerCase()}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** Props of InviteModal. */
export interface InviteModalProps {
  opened: boolean
  onClose: () => void
  onInvite: (userIds: string[]) => Promise<void>
  members: readonly string[]
  channelName: string
}

/** Invite people to a channel (operators; a broadcast list's creator adds recipients). */
export function InviteModal({ opened, onClose, onInvite, members, channelName }: InviteModalProps) {
  const [people, setPeople] = useState<ChatUser[]>([])
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    try {
      await onInvite(people.map((user) => user.user_id))
      setPeople([])
      onClose()
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title={`Invite to ${channelName}`} size="md">
      <Stack gap="sm">
        <PeopleSearch single={false} chosen={people} onChange={setPeople} exclude={members} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={people.length === 0}>
            Invite
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
