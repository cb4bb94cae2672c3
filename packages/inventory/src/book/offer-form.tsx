// "Offer to market": the selected positions become offers, each at most its free face value (what
// is not already offered or sold): EOIs to sell at their market yield on the market, or a private
// run to chosen counterparties (a chat message each, read into their Private runs tab). All or
// nothing: a refusal names the position and nothing is offered.
import type { ChatUser, InventoryPosition } from '@bonds/domain'
import { formatQuantum } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useOfferInventoryMutation, useRunCounterpartiesQuery } from '../api/inventory.ts'
import { positionKey } from '../model/book.ts'
import { failureFields, failureText } from '../model/failure.ts'
import { parseAmount } from './external-trade-form.tsx'

/** Props of OfferForm. */
export interface OfferFormProps {
  positions: readonly InventoryPosition[]
  onDone?: () => void
}

/** The offer form over the selected positions. */
export function OfferForm({ positions, onDone }: OfferFormProps) {
  const [amounts, setAmounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(positions.map((p) => [positionKey(p), String(p.free_face_value)])),
  )
  const [offer, state] = useOfferInventoryMutation()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [posted, setPosted] = useState<string | null>(null)
  const [to, setTo] = useState<'market' | 'private'>('market')
  const [people, setPeople] = useState<ChatUser[]>([])
  const submit = async () => {
    setErrors({})
    setMessage(null)
    if (to === 'private' && people.length === 0) {
      setMessage('Choose at least one counterparty')
      return
    }
    try {
      const result = await offer({
        offers: positions.map((p) => ({
          finstrument_id: p.finstrument_id,
          book: p.book,
          quantum: parseAmount(amounts[positionKey(p)] ?? ''),
        })),
        ...(to === 'private' ? { counterparty_user_ids: people.map((p) => p.user_id) } : {}),
      }).unwrap()
      const count = `${result.results.length} ${result.results.length === 1 ? 'offer is' : 'offers are'}`
      setPosted(
        to === 'private'
          ? `${count} in the private run of ${people.map(personLabel).join(', ')}.`
          : `${count} on the market.`,
      )
      onDone?.()
    } catch (error) {
      setErrors(failureFields(error))
      setMessage(failureText(error))
    }
  }
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Offer to"
        value={to}
        onChange={(value) => setTo(value as 'market' | 'private')}
        data={[
          { value: 'market', label: 'The market' },
          { value: 'private', label: 'Private run to counterparties' },
        ]}
        disabled={posted !== null}
      />
      {to === 'private' ? (
        <CounterpartyPicker
          chosen={people}
          onChange={setPeople}
          error={errors['counterparty_user_ids.0']}
        />
      ) : null}
      <Table aria-label="Positions to offer" verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bond</Table.Th>
            <Table.Th>Book</Table.Th>
            <Table.Th>Free</Table.Th>
            <Table.Th>Offer (₹ face value)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {positions.map((p, i) => (
            <Table.Tr key={positionKey(p)}>
              <Table.Td>{p.display_name}</Table.Td>
              <Table.Td>{p.book}</Table.Td>
              <Table.Td>{formatQuantum(p.free_face_value)}</Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`Offer of ${p.display_name} in ${p.book}`}
                  value={amounts[positionKey(p)] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value
                    setAmounts((a) => ({ ...a, [positionKey(p)]: value }))
                  }}
                  error={errors[`offers.${i}.quantum`]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {message && !posted && Object.keys(errors).every((f) => !/^offers\.\d+\.quantum$/.test(f)) ? (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      ) : null}
      {posted ? (
        <Text fz="sm" role="status">
          {posted}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={state.isLoading} disabled={posted !== null}>
          {to === 'private' ? 'Send private run' : 'Offer to market'}
        </Button>
      </Group>
    </Stack>
  )
}

function personLabel(user: ChatUser) {
  const firm = user.brand_name && user.brand_name !== '-' ? ` · ${user.brand_name}` : ''
  return `${user.nickname}${firm}`
}

/** Props of CounterpartyPicker. */
interface CounterpartyPickerProps {
  chosen: readonly ChatUser[]
  onChange: (chosen: ChatUser[]) => void
  error?: string | undefined
}

/** Search people (3 characters or more) and choose the counterparties of a private run. */
function CounterpartyPicker({ chosen, onChange, error }: CounterpartyPickerProps) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const ready = debounced.length >= 3
  const { data, isFetching, isError } = useRunCounterpartiesQuery(
    { search: debounced },
    { skip: !ready },
  )
  const chosenIds = new Set(chosen.map((u) => u.user_id))
  const found = [...chosen, ...(data?.results ?? []).filter((u) => !chosenIds.has(u.user_id))]
  return (
    <Stack gap={4}>
      <TextInput
        label="Counterparties"
        description="Search by name, e-mail or firm (3 characters or more)"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        error={error}
      />
      {ready && isError ? (
        <Text fz="sm" c="red">
          The search failed. Try again.
        </Text>
      ) : ready && found.length === 0 && !isFetching ? (
        <Text fz="sm" c="dimmed">
          No one found for “{debounced}”.
        </Text>
      ) : null}
      {found.length > 0 ? (
        <Stack gap={4} role="group" aria-label="Counterparties found">
          {found.map((user) => (
            <Checkbox
              key={user.user_id}
              label={personLabel(user)}
              checked={chosenIds.has(user.user_id)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...chosen, user]
                    : chosen.filter((c) => c.user_id !== user.user_id),
                )
              }
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}
