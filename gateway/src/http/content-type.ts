import type { Plugin } from 'graphql-yoga';

/**
 * The media types a POST to /graphql may carry: JSON only. A form's types (url-encoded, multipart) and text/plain
 * are what a page of any origin can POST without a CORS preflight, so accepting them would let another site run a
 * player's mutations (CSRF); the gateway takes no file uploads that would need multipart.
 */
const ACCEPTED = ['application/json', 'application/graphql-response+json'];

const WHAT_TO_SEND =
  'Send the operation as JSON: POST /graphql with the header Content-Type: application/json and a body such as ' +
  '{"query": "query ($first: Int) { games(first: $first) { totalCount } }", "variables": {"first": 5}}.';

/**
 * A POST of another media type gets a 415 with a body that says what to send: Yoga's own 415 has an empty
 * body, which leaves a partner tool guessing.
 */
export function explainContentType(): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (request.method !== 'POST' || url.pathname !== '/graphql') return;
      const header = request.headers.get('content-type') ?? '';
      const [mediaType = '', ...parameters] = header.split(';');
      const type = mediaType.trim().toLowerCase();
      if (ACCEPTED.includes(type)) {
        // Media types are case-insensitive and either one is JSON (GraphQL over HTTP), but Yoga's parser matches
        // the exact text `application/json`: the body is read as JSON whichever was sent, its parameters kept.
        const canonical = ['application/json', ...parameters].join(';');
        if (header !== canonical) request.headers.set('content-type', canonical);
        return;
      }
      endResponse(
        new fetchAPI.Response(
          JSON.stringify({
            errors: [
              {
                message: `${type ? `Content-Type ${type.slice(0, 100)} is not accepted.` : 'The Content-Type header is missing.'} ${WHAT_TO_SEND}`,
                extensions: { code: 'BAD_REQUEST', accepted: ACCEPTED },
              },
            ],
          }),
          { status: 415, headers: { 'content-type': 'application/json; charset=utf-8' } },
        ),
      );
    },
  };
}
