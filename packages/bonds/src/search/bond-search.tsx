// The bond search input of spec section 2: "Search for Bonds by Name, ISIN, Issuer...", results
// from 3 characters, 300 ms after typing stops; matured, unlisted and ISIN-check-disabled bonds are
// shown with a suffix label and cannot be picked. The server sends what can be traded first; the
// dropdown keeps its order, one line a bond, so its 180px show six bonds or more (decision 110).
// Keyboard: arrows move, Enter picks, Escape closes.
import { DROPDOWN_MAX_HEIGHT_PX, MESSAGES, type FinstrumentSummary } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { formatDate, useFirstViewInert } from '@bonds/ui-kit'
import {
  Combobox,
  Kbd,
  Loader,
  TextInput,
  useCombobox,
  VisuallyHidden,
  type MantineSize,
} from '@mantine/core'
import { useHotkeys, type HotkeyItem } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { memo, useEffect, useMemo, useRef } from 'react'
import classes from './bond-search.module.css'
import { bondSearchItem, type BondDisabledCheck, type BondSearchItem } from './search-item.ts'
import { useBondSearch } from './use-bond-search.ts'

/** Props of BondSearch. */
export interface BondSearchProps {
  /** A selectable bond was picked (click or Enter). */
  onSelect: (bond: FinstrumentSummary) => void
  /** Disable bonds by ISIN: true, or the suffix label to show (default "Not available"). */
  isDisabled?: BondDisabledCheck
  /** Accessible name of the input (default "Search bonds"). */
  label?: string
  size?: MantineSize
  autoFocus?: boolean
  /** A key that focuses the input from anywhere on the page but another field (e.g. "/"). */
  hotkey?: string
  /** Today in India (YYYY-MM-DD), which decides "matured"; for tests and stories. */
  today?: string
}

const SEARCHING = 'Searching…'

/** Height of one bond's row: six rows and part of a seventh fit in the spec's 180px dropdown. */
export const SEARCH_ROW_HEIGHT_PX = 28

// Plain elements inside each option (not Mantine's Text, Group, Badge): twenty of them render when
// an answer lands, and this keeps that render short on a slow phone.
const Option = memo(function Option({ item }: { item: BondSearchItem }) {
  const { bond, selectable, suffix } = item
  const maturity = bond.contract_parameters.maturity_date
  return (
    <Combobox.Option value={bond.id} disabled={!selectable} className={classes.option}>
      <span className={classes.row}>
        <span className={classes.name}>
          <span className={classes.title}>{bond.display_name}</span>{' '}
          <span className={`${classes.detail} ${classes.muted}`}>
            <span translate="no">{bond.identifiers.isin}</span>
            {maturity ? ` · ${formatDate(maturity)}` : ''}
            {bond.issuer ? ` · ${bond.issuer}` : ''}
          </span>
        </span>
        {suffix && (
          <>
            {' '}
            <span className={classes.suffix}>{suffix}</span>
          </>
        )}
      </span>
    </Combobox.Option>
  )
})

function announcement(status: string, count: number): string {
  if (status !== 'done') return ''
  return count === 0 ? MESSAGES.noBondsFound : `${count} ${count === 1 ? 'bond' : 'bonds'} found`
}

/**
 * Search bonds by name, ISIN or issuer and pick one (`GET api/trade/finstrument/` through the
 * app's store).
 */
export function BondSearch({
  onSelect,
  isDisabled,
  label = 'Search bonds',
  size = 'md',
  autoFocus,
  hotkey,
  today,
}: BondSearchProps) {
  const input = useRef<HTMLInputElement>(null)
  const inert = useFirstViewInert(input)
  const hotkeys = useMemo(
    () => (hotkey ? [[hotkey, () => input.current?.focus()] as HotkeyItem] : []),
    [hotkey],
  )
  useHotkeys(hotkeys)
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  // The input is uncontrolled: a keystroke renders nothing unless what the dropdown shows changes.
  const { state: search, setText } = useBondSearch()
  const day = today ?? todayInIndia()

  const items = useMemo(
    () => search.results.map((bond) => bondSearchItem(bond, day, isDisabled)),
    [search.results, day, isDisabled],
  )
  const options = useMemo(
    () => items.map((item) => <Option key={item.bond.id} item={item} />),
    [items],
  )

  // A new answer highlights its first selectable bond, so Enter opens the best match.
  const { dropdownOpened } = combobox
  useEffect(() => {
    if (dropdownOpened && search.status === 'done') combobox.selectFirstOption()
    // The store's functions are stable; only a new answer moves the highlight.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, dropdownOpened, search.status])

  const emptyText =
    search.status === 'short'
      ? MESSAGES.startTyping
      : search.status === 'done'
        ? MESSAGES.noBondsFound
        : search.status === 'loading'
          ? SEARCHING
          : null

  return (
    <>
      {/* Not in a portal: the options stay inside the page's landmarks (search, main). */}
      <Combobox
        store={combobox}
        withinPortal={false}
        onOptionSubmit={(id) => {
          const item = items.find((i) => i.bond.id === id)
          if (!item?.selectable) return
          if (input.current) input.current.value = item.bond.display_name
          combobox.closeDropdown()
          onSelect(item.bond)
        }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={input}
            // A prerendered first view's field takes no input until the app has taken it over.
            inert={inert}
            aria-label={label}
            aria-keyshortcuts={hotkey}
            placeholder={MESSAGES.bondSearchPlaceholder}
            defaultValue=""
            classNames={{ wrapper: classes.field }}
            size={size}
            autoFocus={autoFocus}
            autoComplete="off"
            spellCheck={false}
            leftSection={<IconSearch size={18} aria-hidden />}
            rightSection={
              search.status === 'loading' ? (
                <Loader size={16} aria-hidden />
              ) : hotkey ? (
                <Kbd size="xs" aria-hidden className={classes.hotkey}>
                  {hotkey}
                </Kbd>
              ) : null
            }
            onChange={(event) => {
              setText(event.currentTarget.value)
              combobox.resetSelectedOption()
              combobox.openDropdown()
            }}
            // Focus alone (the page's autofocus) opens nothing until there is text to answer:
            // an open, empty dropdown would be positioned again at every layout of the page.
            onClick={() => combobox.openDropdown()}
            onFocus={(event) => {
              if (event.currentTarget.value) combobox.openDropdown()
            }}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={search.status === 'failed'}>
          {/* A listbox holds options only: the empty text is beside it, not in it (ARIA). */}
          {options.length > 0 ? (
            <Combobox.Options
              className={classes.options}
              style={{
                maxHeight: DROPDOWN_MAX_HEIGHT_PX,
                ['--bond-row-height' as string]: `${SEARCH_ROW_HEIGHT_PX}px`,
              }}
              aria-label="Bonds"
            >
              {options}
            </Combobox.Options>
          ) : (
            emptyText && <Combobox.Empty className={classes.muted}>{emptyText}</Combobox.Empty>
          )}
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement(search.status, items.length)}
      </VisuallyHidden>
    </>
  )
}
