// Respond to another firm's quote with a cluster (`POST api/eoi/add/`, spec section 3's EOI
// response): the caller's opposite quote for up to the quote's quantum, at the quote's own price
// or at a price or yield typed (one, never both), at its settlement; the server forms a cluster
// of the two, which the parties then accept under Public runs (decision 395).
import type { FixedField, RfqQuote } from '@bonds/domain'
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { PricingField, QuantumField } from '../quote-form/quote-fields.tsx'
import {
  CRORE,
  croresToRupees,
  percentToFraction,
  typedNumber,
} from '../quote-form/quote-payload.ts'
import { failureText } from '../shared-failure.ts'
import { useRespondToQuoteMutation } from './api.ts'

/** Props of RespondForm. */
export interface RespondFormProps {
  quote: RfqQuote
  /** The caller's firm (the response names it as `client_id`). */
  clientId: string
}

/** The response form: the quantum, and the quote's price or one typed. */
export function RespondForm({ quote, clientId }: RespondFormProps) {
  const [respond, { isLoading }] = useRespondToQuoteMutation()
  const [atQuotePrice, setAtQuotePrice] = useState(true)
  const [fixedField, setFixedField] = useState<FixedField>(quote.fixed_field)
  const [value, setValue] = useState<number | string | null>(null)
  const [crores, setCrores] = useState<number | string | null>(quote.quantum / CRORE)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [formed, setFormed] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    setFormed(false)
    const level = atQuotePrice ? null : typedNumber(value)
    const size = typedNumber(crores)
    const missing: Record<string, string> = {}
    if (!atQuotePrice && level === null) {
      missing.level = fixedField === 'yield' ? 'Yield is required' : 'Price is required'
    }
    if (size === null) missing.quantum = 'Quantum is required'
    if (Object.keys(missing).length > 0 || size === null) {
      setErrors(missing)
      return
    }
    setErrors({})
    try {
      await respond({
        client_id: clientId,
        finstrumentId: quote.finstrument_id,
        respond_eoi_id: quote.id,
        maximum_lot_stored: croresToRupees(size),
        use_respond_eoi_price: atQuotePrice,
        ...(level === null
          ? {}
          : fixedField === 'yield'
            ? { yield_stored: percentToFraction(level) }
            : { unit_price_stored: level }),
      }).unwrap()
      setFormed(true)
      setValue(null)
    } catch (error) {
      const { fields, message } = failureText(error, 'The response could not be sent.')
      const levelError = fields.yield_stored ?? fields.unit_price_stored
      setErrors({
        ...(levelError ? { level: levelError } : {}),
        ...(fields.maximum_lot_stored ? { quantum: fields.maximum_lot_stored } : {}),
      })
      setFailure(message)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Respond with a cluster" noValidate>
      <Stack gap={6}>
        <Checkbox
          size="xs"
          label="At the quote’s price"
          checked={atQuotePrice}
          onChange={(event) => setAtQuotePrice(event.currentTarget.checked)}
        />
        <Group grow align="flex-start">
          {atQuotePrice ? null : (
            <PricingField
              label="Response"
              fixedField={fixedField}
              value={value}
              onChange={(next) => {
                setFixedField(next.fixedField)
                setValue(next.level)
              }}
              error={errors.level}
            />
          )}
          <QuantumField
            label="Response quantum (₹ crore)"
            crores={crores}
            onChange={setCrores}
            error={errors.quantum}
          />
        </Group>
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        {formed ? (
          <Text size="xs" role="status">
            Cluster formed: accept it under Public runs, in Your clusters.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button size="xs" type="submit" loading={isLoading}>
            Respond
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
