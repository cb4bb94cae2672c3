// The Sendbird provider passes the provider contract over the fake of the SDK's objects.
import { chatProviderContract } from '../../testing/contract.ts'
import { createFakeSendbird } from '../../testing/fake-sendbird.ts'
import { createSendbirdProvider } from './provider.ts'

chatProviderContract('sendbird (over the fake SDK)', async () => {
  const fake = createFakeSendbird()
  let count = 0
  return {
    async person(name) {
      const userId = `${name}-${++count}`
      fake.addUser(userId, `${name[0]!.toUpperCase()}${name.slice(1)} ${count}`, {
        is_staff: 'false',
        is_active: 'true',
        client_id: `firm-${count}`,
        brand_name: '-',
      })
      const provider = createSendbirdProvider({ appId: 'FAKE-APP', loadSdk: async () => fake.sdk })
      return { userId, provider, issueToken: async () => fake.issueToken(userId) }
    },
    cut: (person) => fake.cut(person.userId),
    close: async () => {},
  }
})
