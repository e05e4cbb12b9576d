import { act, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { MemoryRouter } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type MockResolvers } from 'relay-test-utils';

/**
 * Renders a component test's harness over a mock Relay environment (inside a router at `at`, when given) and, given
 * `resolvers` (null: the generator's defaults), resolves its query with data generated from them. The environment is returned for the operations
 * that follow (mutations, subscriptions, refetches).
 */
export function renderWithRelay(
  harness: ReactNode,
  resolvers?: MockResolvers | null,
  options: { at?: string } = {},
): ReturnType<typeof createMockEnvironment> {
  const environment = createMockEnvironment();
  const suspended = <Suspense fallback="Loading">{harness}</Suspense>;
  render(
    <RelayEnvironmentProvider environment={environment}>
      {options.at === undefined ? (
        suspended
      ) : (
        <MemoryRouter initialEntries={[options.at]}>{suspended}</MemoryRouter>
      )}
    </RelayEnvironmentProvider>,
  );
  if (resolvers !== undefined) {
    act(() => {
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, resolvers),
      );
    });
  }
  return environment;
}
