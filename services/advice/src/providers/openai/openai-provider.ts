import OpenAI, { APIConnectionError, APIConnectionTimeoutError } from 'openai'
import type { AdviceProvider, AdviceRequest } from '../../advice-request.ts'
import { ProviderError } from '../../advice-request.ts'
import { buildMessages } from '../../prompt.ts'
import { composeAdvice } from '../builtin/builtin-provider.ts'
import { createFollowUpSplitter } from './follow-up-splitter.ts'

export interface OpenAiOptions {
  baseUrl?: string | undefined
  apiKey?: string | undefined
  model: string
  timeoutMs: number
  maxTokens: number
}

/** One delta's text, from servers that omit `choices`, `delta` or `content` on some chunks. */
function textOf(chunk: unknown): string {
  const choices = (chunk as { choices?: unknown } | null)?.choices
  if (!Array.isArray(choices) || choices.length === 0) return ''
  const content = (choices[0] as { delta?: { content?: unknown } } | null)?.delta?.content
  return typeof content === 'string' ? content : ''
}

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio, llama.cpp's server),
 * streamed. It sends only widely supported fields (no `stream_options`), retries once when the connection
 * fails before anything arrived, and maps every failure to ProviderError.
 */
export function createOpenAiProvider(options: OpenAiOptions): AdviceProvider {
  const client = new OpenAI({
    // Local servers take any key; the SDK insists on one.
    apiKey: options.apiKey || 'not-needed',
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs,
    // Retries are ours: once, and only for a connection that failed before any answer.
    maxRetries: 0,
  })

  const open = async (request: AdviceRequest, signal: AbortSignal) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await client.chat.completions.create(
          {
            model: options.model,
            messages: buildMessages(request),
            stream: true,
            max_tokens: options.maxTokens,
            temperature: 0.4,
          },
          { signal, timeout: options.timeoutMs },
        )
      } catch (error) {
        const retryable =
          error instanceof APIConnectionError &&
          !(error instanceof APIConnectionTimeoutError) &&
          !signal.aborted
        if (retryable && attempt < 2) continue
        throw error
      }
    }
  }

  return {
    name: 'openai',
    async *answer(request: AdviceRequest, signal: AbortSignal) {
      const splitter = createFollowUpSplitter()
      try {
        const stream = await open(request, signal)
        for await (const chunk of stream) {
          const shown = splitter.push(textOf(chunk))
          if (shown) yield shown
        }
      } catch (error) {
        throw new ProviderError(error instanceof Error ? error.message : 'The provider failed', {
          cause: error,
        })
      }
      const { rest, answer, followUps } = splitter.finish()
      if (rest) yield rest
      if (!answer) throw new ProviderError('The provider answered with no text')
      // A model that lists no follow-ups gets the built-in advisor's, which suit the same topic.
      const filled = followUps.length > 0 ? followUps : composeAdvice(request).followUps
      return { response: answer, followUps: filled }
    },
  }
}
