import { describe, expect, it } from 'vitest'
import { createFakeSendbird } from '../testing/fake-sendbird.ts'
import { createChatProvider } from './choose.ts'
import { createFetchChatHttp } from './local/http.ts'

describe('choosing the provider', () => {
  it('is local by default, Sendbird when configured', async () => {
    const http = createFetchChatHttp({ baseUrl: 'http://127.0.0.1:1', accessToken: () => null })
    const local = await createChatProvider({
      kind: 'local',
      http,
      socketUrl: 'ws://127.0.0.1:1/ws/chat/',
    })
    expect(local.kind).toBe('local')
    const fake = createFakeSendbird()
    const sendbird = await createChatProvider({
      kind: 'sendbird',
      appId: 'APP',
      loadSdk: async () => fake.sdk,
    })
    expect(sendbird.kind).toBe('sendbird')
    fake.addUser('u1', 'User One')
    await expect(sendbird.connect('u1', fake.issueToken('u1'))).resolves.toEqual({
      userId: 'u1',
      nickname: 'User One',
    })
  })

  it('maps Sendbird refusals to the session’s codes', async () => {
    const fake = createFakeSendbird()
    fake.addUser('gone', 'Gone')
    fake.deactivate('gone')
    const provider = await createChatProvider({
      kind: 'sendbird',
      appId: 'APP',
      loadSdk: async () => fake.sdk,
    })
    await expect(provider.connect('gone', fake.issueToken('gone'))).rejects.toMatchObject({
      code: 'deactivated',
    })
    await expect(provider.connect('nobody', 'x')).rejects.toMatchObject({ code: 'user_not_found' })
  })
})
