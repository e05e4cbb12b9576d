import { act, render } from '@testing-library/react';
import { graphql, RelayEnvironmentProvider } from 'react-relay';
import { createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import type { useMutationTestMutation } from '../../__generated__/useMutationTestMutation.graphql';
import { MutationError, NETWORK_ERROR, useMutation } from './useMutation';

/*
 * The site's one mutation hook: a promise of the payload that rejects on any error (the network's, or errors in
 * the payload beside data) with the error's code.
 */

const Mutation = graphql`
  mutation useMutationTestMutation @relay_test_operation {
    signOut {
      success
    }
  }
`;

/** Sends the test mutation once; its promise, and the mock environment to resolve it. */
function send() {
  const environment = createMockEnvironment();
  let sent: Promise<unknown> | null = null;
  function Sender() {
    const [run] = useMutation<useMutationTestMutation>(Mutation);
    sent ??= run({});
    return null;
  }
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Sender />
    </RelayEnvironmentProvider>,
  );
  return { environment, sent: sent! };
}

describe('useMutation', () => {
  it('resolves with the payload', async () => {
    const { environment, sent } = send();
    act(() => environment.mock.resolveMostRecentOperation({ data: { signOut: { success: true } } }));
    await expect(sent).resolves.toEqual({ signOut: { success: true } });
  });

  it("rejects with the first error's message and code when the payload carries errors", async () => {
    const { environment, sent } = send();
    act(() =>
      environment.mock.resolveMostRecentOperation({
        data: { signOut: { success: false } },
        errors: [{ message: 'Too many requests.', extensions: { code: 'RATE_LIMITED' } }],
      } as never),
    );
    const err = await sent.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MutationError);
    expect(err).toMatchObject({
      message: 'Too many requests.',
      code: 'RATE_LIMITED',
      data: { signOut: { success: false } },
    });
  });

  it("rejects with the gateway's code when it returned no data", async () => {
    const { environment, sent } = send();
    const refusal = Object.assign(new Error('Sign in first.'), {
      errors: [{ message: 'Sign in first.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    act(() => environment.mock.rejectMostRecentOperation(refusal));
    await expect(sent).rejects.toMatchObject({ message: 'Sign in first.', code: 'UNAUTHENTICATED' });
  });

  it('rejects with NETWORK_ERROR when the request failed on its way', async () => {
    const { environment, sent } = send();
    act(() => environment.mock.rejectMostRecentOperation(new TypeError('Failed to fetch')));
    const err = (await sent.catch((e: unknown) => e)) as MutationError;
    expect(err.code).toBe(NETWORK_ERROR);
    expect(err.cause).toBeInstanceOf(TypeError);
  });
});
