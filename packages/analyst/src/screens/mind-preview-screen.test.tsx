import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MindPreviewScreen } from './mind-preview-screen.tsx'

describe('the mind preview', () => {
  it('shows live example answers, sign-in to /mind and the app’s request-access control', async () => {
    const fake = createFakeFetch().on('GET', 'api/mind/preview/', {
      body: {
        examples: [
          {
            question: 'how many active Maharashtra SDLs mature after 2030?',
            text: '**35** bonds: active (not matured).',
            result: { kind: 'count', value: 35 },
            bonds: [],
          },
        ],
      },
    })
    renderWithStore(
      <MindPreviewScreen requestAccess={<button type="button">Request access</button>} />,
      {
        path: '/mind/preview',
        fake,
      },
    )
    expect(await screen.findByTestId('mind-result')).toHaveProperty('textContent', '35 bonds')
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toContain('mind')
    expect(screen.getByRole('button', { name: 'Request access' })).toBeTruthy()
  })
})
