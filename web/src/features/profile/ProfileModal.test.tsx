import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileModalTestQuery } from '../../__generated__/ProfileModalTestQuery.graphql';
import { closeModal, openModal, useOpenModal } from '../../shared/modals/modal-store';
import ProfileModal from './ProfileModal';

const ACCOUNT = {
  id: 'QWNjb3VudDox',
  name: 'Thandi Original',
  email: 'thandi@example.test',
  phone: '+27 82 555 0100',
  emailVerified: true,
  welcomePackageExpired: false,
  idNumberMasked: '800101*******',
  identityKind: 'SA_ID',
  passportCountry: null,
};

/** The name as another screen shows it (the header's account menu), and the modal while it is open. */
function Harness() {
  const data = useLazyLoadQuery<ProfileModalTestQuery>(
    graphql`
      query ProfileModalTestQuery @relay_test_operation {
        viewer {
          id
          account {
            id
            name
          }
        }
      }
    `,
    {},
  );
  const open = useOpenModal();
  return (
    <>
      <p data-testid="name">{data.viewer?.account?.name}</p>
      {open?.name === 'profile' && <ProfileModal params={{}} />}
    </>
  );
}

async function openProfile() {
  const environment = createMockEnvironment();
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Suspense fallback="Loading">
        <Harness />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
  const resolve = () =>
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, {
        Viewer: () => ({ id: 'Vmlld2VyOjE' }),
        Account: () => ACCOUNT,
      }),
    );
  act(resolve);
  await screen.findByText('Thandi Original');
  act(() => openModal('profile'));
  await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
  act(resolve);
  await screen.findByLabelText('Name');
  return environment;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' ');

afterEach(() => act(() => closeModal()));

describe('the profile modal', () => {
  it("starts with the player's name and number and shows the email it does not change", async () => {
    await openProfile();
    expect(field('Name').value).toBe('Thandi Original');
    expect(field('Mobile number (optional)').value).toBe('+27 82 555 0100');
    expect(screen.getByText('thandi@example.test')).toBeTruthy();
    // The identity number only ever masked, as the casino sends it.
    expect(screen.getByText('South African ID number')).toBeTruthy();
    expect(screen.getByText('800101*******')).toBeTruthy();
  });

  it('says beside the name what to fix, and sends nothing', async () => {
    const environment = await openProfile();
    fireEvent.change(field('Name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(describedBy(field('Name'))).toBe('Enter your name.');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("shows the casino's refusals (extensions.fields) beside their fields and stays open", async () => {
    const environment = await openProfile();
    fireEvent.change(field('Name'), { target: { value: 'Thandi Mokoena' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // The casino's word on the number (sandbox POST /api/updateProfile), as the gateway passes it on.
    const mobile =
      'must be a South African mobile number: 10 digits starting 06, 07 or 08, or +27 and 9 digits';
    const refusal = Object.assign(new Error(`phone: ${mobile}`), {
      errors: [
        {
          message: `phone: ${mobile}`,
          extensions: { code: 'BAD_USER_INPUT', fields: { phone: [mobile] } },
        },
      ],
    });
    await act(async () => environment.mock.rejectMostRecentOperation(refusal));
    expect(describedBy(field('Mobile number (optional)'))).toBe(mobile);
    expect(field('Mobile number (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Your profile' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says it saved, shows what the casino kept, and the saved name shows elsewhere from the casino's response", async () => {
    const environment = await openProfile();
    fireEvent.change(field('Name'), { target: { value: '  Thandi Mokoena ' } });
    fireEvent.change(field('Mobile number (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ input: { name: 'Thandi Mokoena', phone: null } });
    await act(async () =>
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          Account: () => ({ ...ACCOUNT, name: 'Thandi Mokoena', phone: null }),
        }),
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('Your profile is saved.');
    expect(field('Name').value).toBe('Thandi Mokoena');
    expect(screen.getByText('Close', { selector: 'button' })).toBeTruthy();
    expect(screen.getByTestId('name').textContent).toBe('Thandi Mokoena');
    // Editing again: the confirmation goes until the next save.
    fireEvent.change(field('Name'), { target: { value: 'Thandi M.' } });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
