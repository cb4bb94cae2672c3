// A custodian picked by search (`GET api/client/search-custodians/`): 3 characters or more, 300 ms
// after the last key, like the product's other searches.
import { MESSAGES, MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, type Custodian } from '@bonds/domain'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useCustodiansQuery } from '../api/tickets.ts'

/** Props of CustodianSelect. */
export interface CustodianSelectProps {
  value: Custodian | null
  onChange: (custodian: Custodian | null) => void
  error?: string | undefined
}

/** A searchable custodian combobox. */
export function CustodianSelect({ value, onChange, error }: CustodianSelectProps) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const ready = debounced.length >= MIN_SEARCH_LENGTH && debounced !== value?.name
  const { data, isFetching } = useCustodiansQuery(debounced, { skip: !ready })
  const found = ready ? (data ?? []) : []
  const options = [
    ...(value && !found.some((c) => c.client_id === value.client_id) ? [value] : []),
    ...found,
  ].map((c) => ({ value: c.client_id, label: c.name }))
  return (
    <Select
      label="Custodian"
      description="Type 3 or more characters of the custodian’s name"
      placeholder="Search custodians"
      withAsterisk
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      // The server has already matched the text; show its answer as it is.
      filter={({ options: all }) => all}
      value={value?.client_id ?? null}
      onChange={(id, option) =>
        onChange(id && option ? { client_id: id, name: option.label } : null)
      }
      // Nothing to say, no dropdown: an empty one would lie over the modal's buttons until a
      // custodian is picked (the description already asks for 3 characters).
      nothingFoundMessage={
        search.trim().length === 0
          ? undefined
          : search.trim().length < MIN_SEARCH_LENGTH
            ? MESSAGES.startTyping
            : ready && !isFetching
              ? 'No custodian found'
              : undefined
      }
      maxDropdownHeight={200}
      rightSection={isFetching ? <Loader size={14} aria-label="Searching" /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: false }}
    />
  )
}
