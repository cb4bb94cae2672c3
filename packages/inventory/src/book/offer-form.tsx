// "Offer to market": the selected positions become offers (EOIs to sell at their market yield),
// each at most its free face value (what is not already offered or sold).
import type { InventoryPosition } from '@bonds/domain'
import { formatQuantum } from '@bonds/ui-kit'
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useOfferInventoryMutation } from '../api/inventory.ts'
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
  const submit = async () => {
    setErrors({})
    setMessage(null)
    try {
      const result = await offer({
        offers: positions.map((p) => ({
          finstrument_id: p.finstrument_id,
          book: p.book,
          quantum: parseAmount(amounts[positionKey(p)] ?? ''),
        })),
      }).unwrap()
      setPosted(
        `${result.results.length} ${result.results.length === 1 ? 'offer is' : 'offers are'} on the market.`,
      )
      onDone?.()
    } catch (error) {
      setErrors(failureFields(error))
      setMessage(failureText(error))
    }
  }
  return (
    <Stack gap="sm">
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
      {message && !posted && Object.keys(errors).length === 0 ? (
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
          Offer to market
        </Button>
      </Group>
    </Stack>
  )
}
