// The other firm of a ticket, found by the participant search (`GET
// api/chatter/search-trade-participants`): 3 characters or more, 300 ms after the last key.
import { MESSAGES, MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '@bonds/domain'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useCounterpartiesQuery } from '../api/tickets.ts'

/** A chosen counterparty: its firm, and the person when a Member was chosen. */
export interface Counterparty {
  client_id: string
  user_id: string | null
  label: string
}

/** Props of CounterpartySelect. */
export interface CounterpartySelectProps {
  value: Counterparty | null
  onChange: (counterparty: Counterparty | null) => void
  error?: string | undefined
}

const keyOf = (c: { client_id: string; user_id: string | null }) =>
  `${c.client_id}|${c.user_id ?? ''}`

/** A searchable counterparty combobox. */
export function CounterpartySelect({ value, onChange, error }: CounterpartySelectProps) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const ready = debounced.length >= MIN_SEARCH_LENGTH && debounced !== value?.label
  const { data, isFetching } = useCounterpartiesQuery(debounced, { skip: !ready })
  const found: Counterparty[] = ready
    ? (data?.results ?? []).map((p) => ({
        client_id: p.client_id,
        user_id: p.user_id,
        label: p.user_name ? `${p.user_name}, ${p.name}` : p.name,
      }))
    : []
  const all = [...(value && !found.some((c) => keyOf(c) === keyOf(value)) ? [value] : []), ...found]
  return (
    <Select
      label="Counterparty"
      description="A member or a company: type 3 or more characters"
      placeholder="Search members and companies"
      withAsterisk
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={all.map((c) => ({ value: keyOf(c), label: c.label }))}
      filter={({ options }) => options}
      value={value ? keyOf(value) : null}
      onChange={(key) => onChange(all.find((c) => keyOf(c) === key) ?? null)}
      nothingFoundMessage={
        search.trim().length < MIN_SEARCH_LENGTH
          ? MESSAGES.startTyping
          : ready && !isFetching
            ? MESSAGES.noEntitiesFound
            : undefined
      }
      rightSection={isFetching ? <Loader size={14} aria-label="Searching" /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: false }}
    />
  )
}
