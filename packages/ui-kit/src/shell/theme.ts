import { createTheme, localStorageColorSchemeManager } from '@mantine/core'

/** The one Mantine theme: colours, fonts, radius and component defaults for both schemes. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 in both schemes: white on it and it on the page meet WCAG AA (4.5:1); 7 and 5 do not.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, monospace',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    // A closed select's options are not kept in the document: Mantine keeps them mounted (hidden)
    // by default, and positions every hidden dropdown as the page mounts (one forced layout
    // each: ~30 ms a select on a slow phone, eleven selects on /find).
    Combobox: { defaultProps: { keepMounted: false } },
    Table: { defaultProps: { verticalSpacing: 4, horizontalSpacing: 'xs', fz: 'sm' } },
    // A dialog's close button is an icon: it is named, or a screen reader hears only "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // An opened menu focuses its first item (the ARIA menu button pattern), not a placeholder
    // element that a menu may not contain (axe: aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A spinner is a status: its label ("Checking your invitation") is then allowed and read
    // (a label on a span with no role is not: axe's aria-prohibited-attr).
    Loader: { defaultProps: { role: 'status' } },
  },
})

/** Local-storage key that keeps the chosen colour scheme across reloads and apps. */
export const COLOR_SCHEME_STORAGE_KEY = 'bonds-color-scheme'

/** Persists the colour scheme; with nothing stored, the system preference ('auto') applies. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY })
