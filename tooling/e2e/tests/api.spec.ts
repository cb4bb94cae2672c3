import { expect, test } from '@playwright/test'

// The API of the server `npm start` runs, on its embedded database in a fresh DATA_DIR.
test('search finds 6.54% GS 2032 from the imported universe', async ({ request }) => {
  const response = await request.get('/api/trade/finstrument/', {
    params: { searchKey: '6.54 2032' },
  })
  expect(response.status()).toBe(200)
  const [first] = await response.json()
  expect(first).toMatchObject({ id: 'IN0020210244', display_name: '6.54% GS 2032' })
})

test('the API documents its routes and answers unknown ones with JSON', async ({ request }) => {
  const docs = await request.get('/api/docs/json')
  expect(Object.keys((await docs.json()).paths)).toContain('/api/trade/finstrument/')
  const ui = await request.get('/api/docs')
  expect(ui.status()).toBe(200)
  const missing = await request.get('/api/no-such-thing/')
  expect(missing.status()).toBe(404)
  expect(await missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
})

test('bad input gets a 400 naming the field, never a 500', async ({ request }) => {
  const response = await request.post('/api/client-finstrument-list/', {
    data: { pagination_params: { limit: 1000 } },
  })
  expect(response.status()).toBe(400)
  expect((await response.json()).fields).toHaveProperty(['pagination_params.limit'])
})
