import {
  createTheme,
  darken,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
} from '@mantine/core'

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
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
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

/** How much darker than a colour's shade 9 its tinted ("light") and outline text is, in light. */
const TINT_TEXT_DARKEN = 0.35

/**
 * Colours the theme's defaults leave under WCAG AA (issue 24), per scheme. Light: the text of
 * light-variant badges, alerts and buttons and of outline ones (Mantine's shade 9 on its own tint
 * is 2.7:1 for yellow, 3.8:1 for green) is shade 9 darkened, and error text is red 9 (red 6 on white
 * was 3.3:1). Dark: error text is red 4 (red 8 on the dark body was 3.4:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
        const text = darken(shades[9], TINT_TEXT_DARKEN)
        return [
          [`--mantine-color-${name}-light-color`, text],
          [`--mantine-color-${name}-outline`, text],
        ]
      }),
    ),
  },
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
})
