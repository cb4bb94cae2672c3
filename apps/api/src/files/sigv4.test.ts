// SigV4 against AWS's published examples: S3's GET Object and PUT Object examples (Amazon S3 API
// reference, "Examples: Signature Calculations") and the generic suite's get-vanilla. No S3-compatible
// server installs offline here, so these vectors are what prove the signing (decision 277).
import { describe, expect, it } from 'vitest'
import { authorization, sha256Hex } from './sigv4.ts'

const S3_KEYS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
}
const EMPTY = sha256Hex('')
const signatureOf = (header: string) => /Signature=([0-9a-f]{64})$/.exec(header)?.[1]

describe('SigV4', () => {
  it('signs S3’s GET Object example', () => {
    const header = authorization(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': EMPTY,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: EMPTY,
      },
      S3_KEYS,
    )
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('signs S3’s PUT Object example (a path with $, a body)', () => {
    const body = 'Welcome to Amazon S3.'
    const header = authorization(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-date': '20130524T000000Z',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': sha256Hex(body),
        },
        payloadHash: sha256Hex(body),
      },
      S3_KEYS,
    )
    expect(signatureOf(header)).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    )
  })

  it('signs the generic suite’s get-vanilla', () => {
    const header = authorization(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/'),
        headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
        payloadHash: EMPTY,
      },
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'service',
      },
    )
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
  })
})
