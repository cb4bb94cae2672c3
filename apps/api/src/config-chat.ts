// The chat's outside services, read from the environment for config.ts (decision 275): Sendbird when its
// application id and API token are both set (the local service otherwise), WhatsApp Business when
// its phone number id, access token, app secret and verify token are all set, S3-compatible file
// storage when its endpoint, bucket and keys are set (local disk under DATA_DIR otherwise).

/** Sendbird's application and the Platform API token (also the webhooks' signing key). */
export interface SendbirdConfig {
  appId: string
  apiToken: string
  /** The Platform API's base (`https://api-{appId}.sendbird.com`); SENDBIRD_API_URL overrides. */
  apiUrl: string
}

/** The WhatsApp Business platform (Cloud API) number the product's linked channels use. */
export interface WhatsappConfig {
  phoneNumberId: string
  accessToken: string
  /** The Meta app's secret: `X-Hub-Signature-256` of every webhook call. */
  appSecret: string
  /** The token Meta's GET handshake must name (`hub.verify_token`). */
  verifyToken: string
  /** The Graph API's base (`https://graph.facebook.com/v21.0`); WHATSAPP_API_URL overrides. */
  apiUrl: string
}

/** An S3-compatible bucket for chat files (and the other stored files). */
export interface S3Config {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
}

/** What the chat reads from the environment. */
export interface ChatConfig {
  sendbird: SendbirdConfig | undefined
  whatsapp: WhatsappConfig | undefined
  s3: S3Config | undefined
}

const httpUrl = (name: string, value: string) => {
  if (!/^https?:\/\/[^\s]+$/.test(value))
    throw new Error(`${name} must be an http(s) URL, got "${value}"`)
  return value.replace(/\/+$/, '')
}

/** All of the names set, or none; else an error naming them. */
function together(env: NodeJS.ProcessEnv, names: readonly string[]): string[] | undefined {
  const values = names.map((name) => env[name] || undefined)
  const set = values.filter((v) => v !== undefined).length
  if (set === 0) return undefined
  if (set !== names.length) throw new Error(`${names.join(', ')} go together: set all or none`)
  return values as string[]
}

/** Read and check the chat's settings; throws with a clear message on a bad value. */
export function readChatConfig(env: NodeJS.ProcessEnv): ChatConfig {
  const sb = together(env, ['SENDBIRD_APP_ID', 'SENDBIRD_API_TOKEN'])
  if (sb && !/^[A-Za-z0-9-]{1,64}$/.test(sb[0]!)) {
    throw new Error(`SENDBIRD_APP_ID must be a Sendbird application id, got "${sb[0]}"`)
  }
  const wa = together(env, [
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_ACCESS_TOKEN',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
  ])
  const s3 = together(env, ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
  return {
    sendbird: sb
      ? {
          appId: sb[0]!,
          apiToken: sb[1]!,
          apiUrl: httpUrl(
            'SENDBIRD_API_URL',
            env.SENDBIRD_API_URL || `https://api-${sb[0]!.toLowerCase()}.sendbird.com`,
          ),
        }
      : undefined,
    whatsapp: wa
      ? {
          phoneNumberId: wa[0]!,
          accessToken: wa[1]!,
          appSecret: wa[2]!,
          verifyToken: wa[3]!,
          apiUrl: httpUrl(
            'WHATSAPP_API_URL',
            env.WHATSAPP_API_URL || 'https://graph.facebook.com/v21.0',
          ),
        }
      : undefined,
    s3: s3
      ? {
          endpoint: httpUrl('S3_ENDPOINT', s3[0]!),
          region: env.S3_REGION || 'us-east-1',
          bucket: s3[1]!,
          accessKeyId: s3[2]!,
          secretAccessKey: s3[3]!,
        }
      : undefined,
  }
}
