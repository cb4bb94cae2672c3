// Build Network: find counterparties (members and companies) and keep the firm's network of
// partners and offline records (spec sections 2, 6 and 7; decisions 150–153).
import {
  MESSAGES,
  MIN_SEARCH_LENGTH,
  PARTICIPANT_GROUPS,
  SEARCH_DEBOUNCE_MS,
  type NetworkEntry,
  type ParticipantResult,
} from '@bonds/domain'
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue, useDisclosure } from '@mantine/hooks'
import { IconPlus, IconSearch } from '@tabler/icons-react'
import { Deferred, lazyWithPreload, useOpenedOnce } from '@bonds/ui-kit'
import { Suspense, useState } from 'react'
import {
  useAddPartnerMutation,
  useNetworkQuery,
  useParticipantsQuery,
  useRemoveOfflineRecordMutation,
  useRemovePartnerMutation,
} from '../api/network.ts'
import { RemoveIcon } from './remove-icon.tsx'
import classes from './build-network.module.css'

// The "Offline record" dialog (its form and schema) is loaded when first opened: Build Network is
// on screen at dart's first load (issue 21).
// The remove confirmation is fetched when a remove button is hovered or focused.
const RemovePopover = lazyWithPreload(() => import('./remove-popover.tsx'))
const OfflineRecordForm = lazyWithPreload(() =>
  import('./offline-record-form.tsx').then((m) => ({ default: m.OfflineRecordForm })),
)

/** Who is looking: what Build Network needs of the session. */
export interface NetworkViewer {
  /** The user's client. */
  clientId: string
  /** May change the network (Dealer, Back Office, Ops Admin); Trade Viewers read it. */
  canEdit: boolean
}

function codes(row: { nsccl_code: string | null; iccl_code: string | null }): string {
  return [row.nsccl_code && `NSCCL ${row.nsccl_code}`, row.iccl_code && `ICCL ${row.iccl_code}`]
    .filter(Boolean)
    .join(' · ')
}

function ParticipantRow({
  row,
  canEdit,
  onAdd,
  adding,
}: {
  row: ParticipantResult
  canEdit: boolean
  onAdd: (clientId: string) => void
  adding: boolean
}) {
  const title = row.group === 'Member' ? (row.user_name ?? row.name) : row.name
  const detail = [row.group === 'Member' ? row.name : null, codes(row)].filter(Boolean).join(' · ')
  return (
    <li className={classes.row}>
      <div className={classes.who}>
        <Text component="div" size="sm" fw={600} truncate>
          {title}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        ) : null}
      </div>
      <Group gap={4} wrap="nowrap">
        {row.is_broker ? (
          <Badge size="xs" variant="light" color="grape">
            Broker
          </Badge>
        ) : null}
        {row.is_partner ? (
          <Badge size="xs" variant="light" color="teal">
            In network
          </Badge>
        ) : canEdit ? (
          <Button
            size="compact-xs"
            variant="light"
            loading={adding}
            leftSection={<IconPlus size={12} aria-hidden />}
            aria-label={`Add ${row.name} to your network`}
            onClick={() => onAdd(row.client_id)}
          >
            Add
          </Button>
        ) : null}
      </Group>
    </li>
  )
}

function Search({ viewer }: { viewer: NetworkViewer }) {
  const [text, setText] = useState('')
  const [brokers, setBrokers] = useState(false)
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const ready = search.length >= MIN_SEARCH_LENGTH
  const { data, error, isFetching, refetch } = useParticipantsQuery(
    { search, brokers, clientId: viewer.clientId },
    { skip: !ready },
  )
  const [addPartner, { isLoading: adding, originalArgs }] = useAddPartnerMutation()
  const results = ready ? (data?.results ?? []) : []
  return (
    <Stack gap={6} role="search" aria-label="Members and companies">
      <TextInput
        size="xs"
        label="Find members and companies"
        placeholder="Name, firm or NSCCL/ICCL code"
        leftSection={<IconSearch size={14} aria-hidden />}
        rightSection={isFetching ? <Loader size={12} aria-label="Searching" /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Checkbox
        size="xs"
        label="Brokers only"
        checked={brokers}
        onChange={(event) => setBrokers(event.currentTarget.checked)}
      />
      {text.trim() && text.trim().length < MIN_SEARCH_LENGTH ? (
        <Text size="xs" c="dimmed">
          {MESSAGES.startTyping}
        </Text>
      ) : null}
      {ready && error ? (
        <Alert color="red" variant="light" p="xs" title="The search failed.">
          <Button size="compact-xs" variant="light" color="red" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {ready && data && !error ? (
        results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {MESSAGES.noEntitiesFound}
          </Text>
        ) : (
          PARTICIPANT_GROUPS.map((group) => {
            const rows = results.filter((row) => row.group === group)
            if (rows.length === 0) return null
            return (
              <section key={group} aria-label={group}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt={4}>
                  {group}
                </Text>
                <ul className={classes.list}>
                  {rows.map((row) => (
                    <ParticipantRow
                      key={`${row.client_id}-${row.user_id ?? ''}`}
                      row={row}
                      canEdit={viewer.canEdit}
                      adding={adding && originalArgs === row.client_id}
                      onAdd={(clientId) => void addPartner(clientId)}
                    />
                  ))}
                </ul>
              </section>
            )
          })
        )
      ) : null}
    </Stack>
  )
}

function RemoveButton({ entry }: { entry: NetworkEntry }) {
  const [removePartner, partner] = useRemovePartnerMutation()
  const [removeRecord, record] = useRemoveOfflineRecordMutation()
  const remove = () => {
    if (entry.kind === 'partner' && entry.client_id) void removePartner(entry.client_id)
    else void removeRecord(entry.id)
  }
  const loading = partner.isLoading || record.isLoading
  return (
    <Deferred
      preload={RemovePopover.preload}
      popup="dialog"
      target={(props) => <RemoveIcon name={entry.name} loading={loading} {...props} />}
    >
      <RemovePopover name={entry.name} loading={loading} onRemove={remove} />
    </Deferred>
  )
}

function Network({ viewer }: { viewer: NetworkViewer }) {
  const { data, error, isLoading, refetch } = useNetworkQuery({})
  const [adding, form] = useDisclosure(false)
  const formShown = useOpenedOnce(adding)
  return (
    <Stack gap={6} component="section" aria-labelledby="your-network-title">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="sm" id="your-network-title">
          Your network{data ? ` (${data.count})` : ''}
        </Title>
        {viewer.canEdit ? (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} aria-hidden />}
            onPointerEnter={() => void OfflineRecordForm.preload()}
            onFocus={() => void OfflineRecordForm.preload()}
            onClick={form.open}
          >
            Offline record
          </Button>
        ) : null}
      </Group>
      {isLoading ? (
        <Stack gap={4} aria-busy="true" role="status" aria-label="Loading your network">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : error || !data ? (
        <Alert color="red" variant="light" p="xs" title="Your network could not be loaded.">
          <Button size="compact-xs" variant="light" color="red" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No counterparties yet. Find a member or company above and add it, or record one that is
          not on the platform.
        </Text>
      ) : (
        <ul className={classes.list}>
          {data.results.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`} className={classes.row}>
              <div className={classes.who}>
                <Text component="div" size="sm" fw={600} truncate>
                  {entry.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {[
                    entry.kind === 'partner'
                      ? `${entry.members.length} ${entry.members.length === 1 ? 'dealer' : 'dealers'}`
                      : entry.contact_name,
                    codes(entry),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                {entry.kind === 'offline' ? (
                  <Badge size="xs" variant="outline" color="gray">
                    Offline
                  </Badge>
                ) : null}
                {entry.is_broker ? (
                  <Badge size="xs" variant="light" color="grape">
                    Broker
                  </Badge>
                ) : null}
                {viewer.canEdit ? <RemoveButton entry={entry} /> : null}
              </Group>
            </li>
          ))}
        </ul>
      )}
      {formShown ? (
        <Suspense fallback={null}>
          <OfflineRecordForm opened={adding} onClose={form.close} />
        </Suspense>
      ) : null}
    </Stack>
  )
}

/** Props of BuildNetwork. */
export interface BuildNetworkProps {
  viewer: NetworkViewer
}

/** The Build Network panel: search counterparties, keep the firm's network. */
export function BuildNetwork({ viewer }: BuildNetworkProps) {
  return (
    <Stack gap="md" p="sm">
      <Search viewer={viewer} />
      <Network viewer={viewer} />
    </Stack>
  )
}
