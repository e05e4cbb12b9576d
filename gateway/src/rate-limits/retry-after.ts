import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type ResultProcess = NonNullable<Plugin['onResultProcess']>;

/**
 * A guarded mutation's refusal (RATE_LIMITED) is a GraphQL error in a 200 response, with extensions.retryAfter in
 * seconds: GraphQL clients read that. When the result is nothing but such refusals (no data at all, every error
 * RATE_LIMITED), its HTTP response also carries Retry-After with the longest wait, so an HTTP client, retry
 * middleware or load tester that knows nothing of GraphQL backs off as it would from a 429.
 *
 * Not when the result also holds data or other errors: then the response as a whole is not a refusal, and a
 * client honouring the header would hold back the rest of its work (and a cache or proxy could treat the whole
 * response as throttled). The status stays 200, as GraphQL over HTTP responds to an executed operation; only the
 * ceiling on all operations (rate-limits.ts), which refuses before any operation runs, responds 429.
 */
export const retryAfterHeader: ResultProcess = ({ result, setResult }) => {
  if (Array.isArray(result) || Symbol.asyncIterator in result) return;
  const wait = onlyRefusals(result);
  if (wait === null) return;
  const http = (result.extensions?.http ?? {}) as { headers?: Record<string, string> };
  setResult({
    ...result,
    // Yoga turns extensions.http into the response's status and headers, and leaves it out of the body.
    extensions: {
      ...result.extensions,
      http: { ...http, headers: { ...http.headers, 'Retry-After': String(wait) } },
    },
  });
};

/** The longest retryAfter when every error is RATE_LIMITED and no field has data (null, or each field null). */
function onlyRefusals(result: ExecutionResult): number | null {
  if (!result.errors?.length) return null;
  if (result.data && Object.values(result.data).some((value) => value != null)) return null;
  let longest = 0;
  for (const error of result.errors) {
    const { code, retryAfter } = error.extensions ?? {};
    if (code !== 'RATE_LIMITED' || typeof retryAfter !== 'number') return null;
    longest = Math.max(longest, retryAfter);
  }
  return longest;
}
