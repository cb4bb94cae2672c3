// An external trade (done outside the platform): bond, book, side, face value, a price or a
// yield, trade and settlement dates, and the counterparty found by the clearing corporation's
// participant search. The server prices it to the paisa; the position moves on the settlement date.
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '@bonds/domain'
import { formatRupees } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState, type FormEvent } from 'react'
import { useClearingParticipantsQuery, useExternalTradeMutation } from '../api/inventory.ts'
import { failureFields, failureText } from '../model/failure.ts'

/** Props of ExternalTradeForm. */
export interface ExternalTradeFormProps {
  /** Today in India (YYYY-MM-DD): the dates' default. */
  today: string
  /** Fill the bond and book (a selected position). */
  initial?: { isin?: string; book?: string }
  onDone?: () => void
}

/** A face value as typed: digits with Indian or Western grouping. */
export function parseAmount(text: string): number {
  const t = text.trim().replaceAll(',', '')
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN
}

/** The external-trade form. */
export function ExternalTradeForm({ today, initial, onDone }: ExternalTradeFormProps) {
  const [isin, setIsin] = useState(initial?.isin ?? '')
  const [book, setBook] = useState(initial?.book ?? 'Trading')
  const [side, setSide] = useState<'buy' | 'sell'>('sell')
  const [quantum, setQuantum] = useState('')
  const [fixed, setFixed] = useState<'yield' | 'price'>('yield')
  const [level, setLevel] = useState('')
  const [tradeDate, setTradeDate] = useState(today)
  const [settlementDate, setSettlementDate] = useState(today)
  const [exchange, setExchange] = useState<'NSE' | 'BSE'>('NSE')
  const [search, setSearch] = useState('')
  const [counterparty, setCounterparty] = useState<string | null>(null)
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const ready = debounced.length >= MIN_SEARCH_LENGTH
  const participants = useClearingParticipantsQuery(
    { clearing: exchange, search: debounced },
    { skip: !ready },
  )
  const [record, state] = useExternalTradeMutation()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const firms = new Map((participants.data?.results ?? []).map((p) => [p.client_id, p.name]))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    setMessage(null)
    const amount = parseAmount(quantum)
    const value = Number(level)
    try {
      const saved = await record({
        finstrument_id: isin.trim().toUpperCase(),
        book: book.trim(),
        buy_or_sell: side,
        quantum: amount,
        ...(fixed === 'yield' ? { bond_yield: value } : { unit_clean_price: value }),
        trade_date: tradeDate,
        settlement_date: settlementDate,
        exchange,
        ...(counterparty ? { counterparty_id: counterparty } : {}),
      }).unwrap()
      setDone(
        `Recorded: ${saved.buy_or_sell === 'buy' ? 'bought' : 'sold'} ${saved.isin} for ${formatRupees(saved.consideration)}; the position moves on ${saved.settlement_date}.`,
      )
      onDone?.()
    } catch (error) {
      setErrors(failureFields(error))
      setMessage(failureText(error))
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="External trade">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Side"
          value={side}
          onChange={(v) => setSide(v as 'buy' | 'sell')}
          data={[
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell' },
          ]}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="ISIN"
            required
            value={isin}
            onChange={(e) => setIsin(e.currentTarget.value)}
            error={errors.finstrument_id}
          />
          <TextInput
            label="Book"
            required
            value={book}
            onChange={(e) => setBook(e.currentTarget.value)}
            error={errors.book}
          />
          <TextInput
            label="Face value (₹)"
            required
            placeholder="5,00,00,000"
            value={quantum}
            onChange={(e) => setQuantum(e.currentTarget.value)}
            error={errors.quantum}
          />
          <Group align="end" gap="xs" wrap="nowrap">
            <SegmentedControl
              aria-label="Price or yield"
              value={fixed}
              onChange={(v) => setFixed(v as 'yield' | 'price')}
              data={[
                { value: 'yield', label: 'Yield %' },
                { value: 'price', label: 'Price' },
              ]}
            />
            <TextInput
              label={fixed === 'yield' ? 'Yield (%)' : 'Clean price (per ₹100)'}
              required
              value={level}
              onChange={(e) => setLevel(e.currentTarget.value)}
              error={fixed === 'yield' ? errors.bond_yield : errors.unit_clean_price}
            />
          </Group>
          <TextInput
            label="Trade date"
            type="date"
            required
            value={tradeDate}
            onChange={(e) => setTradeDate(e.currentTarget.value)}
            error={errors.trade_date}
          />
          <TextInput
            label="Settlement date"
            type="date"
            required
            value={settlementDate}
            onChange={(e) => setSettlementDate(e.currentTarget.value)}
            error={errors.settlement_date}
          />
          <Select
            label="Clearing"
            value={exchange}
            onChange={(v) => setExchange((v as 'NSE' | 'BSE') ?? 'NSE')}
            data={[
              { value: 'NSE', label: 'NSE Clearing' },
              { value: 'BSE', label: 'ICCL' },
            ]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label="Counterparty"
            description="Type 3 or more characters"
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            value={counterparty}
            onChange={setCounterparty}
            data={[...firms.entries()].map(([value, label]) => ({ value, label }))}
            filter={({ options }) => options}
            nothingFoundMessage={
              ready && !participants.isFetching ? 'No participants found' : undefined
            }
            error={errors.counterparty_id}
            comboboxProps={{ withinPortal: false }}
          />
        </SimpleGrid>
        {message && Object.keys(errors).length === 0 ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        {done ? (
          <Text fz="sm" role="status">
            {done}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={state.isLoading}>
            Record trade
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
