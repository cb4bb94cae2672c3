import '@bonds/ui-kit/styles.css'
import type { Preview } from '@storybook/react-vite'
import { BondsProvider } from '@bonds/ui-kit'
import { MemoryRouter } from 'react-router'

// Every story renders inside the product's provider and a router; the toolbar switches theme.
const preview: Preview = {
  globalTypes: {
    scheme: {
      description: 'Colour scheme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { scheme: 'light' },
  decorators: [
    (Story, context) => {
      const scheme = (context.parameters.scheme ?? context.globals.scheme ?? 'light') as
        'light' | 'dark'
      return (
        <BondsProvider forceColorScheme={scheme}>
          <MemoryRouter>
            <Story />
          </MemoryRouter>
        </BondsProvider>
      )
    },
  ],
  parameters: { layout: 'fullscreen' },
}

export default preview
