import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import AuthModal from './AuthModal';

/*
 * Joining asks for an identity the casino checks as the player types (docs/rules.md#know-your-player): the form
 * shows the casino's field errors beside their fields, fills in the date of birth a valid ID number holds, and
 * keeps everything typed when registering is refused.
 */

const SITE = {
  maintenanceMessage: null,
  appVersion: null,
  terms: null,
  singleSignOn: { enabled: false, loginUrl: null, signupUrl: null },
};

function openRegistration() {
  const environment = renderWithRelay(<AuthModal params={{ mode: 'registration' }} site={SITE} />);
  const operations = (name: string) =>
    environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);
  /** The check sent for the identity typed, not answered yet: waits for it (the form asks after a pause). */
  const nextCheck = () =>
    waitFor(() => {
      const [check] = operations('useCheckIdentityMutation');
      expect(check).toBeTruthy();
      return check!;
    });
  const answer = (operation: OperationDescriptor, checkIdentity: Record<string, unknown>) =>
    act(() => environment.mock.resolve(operation, { data: { checkIdentity } }));
  return { environment, operations, nextCheck, answer };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** What the page says about a field (its hint or its error), as a screen reader reads it with the field. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' ');
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the registration form', () => {
  it('asks for an ID number with the reason, on a number pad, never remembered', () => {
    openRegistration();
    const id = field('South African ID number');
    expect(describedBy(id)).toBe('We need your ID to confirm you are 18 or older, as the law requires.');
    expect(id.getAttribute('inputmode')).toBe('numeric');
    expect(id.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByRole('radio', { name: 'South African ID' })).toHaveProperty('checked', true);
  });

  it("checks a complete ID number with the casino and shows the casino's errors beside the fields", async () => {
    const { nextCheck, answer } = openRegistration();
    type('South African ID number', '8001015009086');
    const check = await nextCheck();
    expect(check.request.variables).toEqual({ input: { idNumber: '8001015009086' } });
    await answer(check, {
      valid: false,
      fieldErrors: [{ field: 'idNumber', message: 'is not a valid South African ID number (check digit)' }],
      dateOfBirth: null,
    });
    expect(describedBy(field('South African ID number'))).toBe(
      'is not a valid South African ID number (check digit)',
    );
    expect(field('South African ID number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Date of birth').value).toBe('');
  });

  it('fills in the date of birth a valid ID number holds, and clears an earlier error', async () => {
    const { nextCheck, answer } = openRegistration();
    type('South African ID number', '8001015009087');
    await answer(await nextCheck(), {
      valid: false,
      fieldErrors: [{ field: 'idNumber', message: 'is not a valid South African ID number (check digit)' }],
      dateOfBirth: null,
    });
    type('South African ID number', '800101 5009 086');
    await answer(await nextCheck(), {
      valid: true,
      fieldErrors: [],
      dateOfBirth: '1980-01-01',
    });
    expect(field('Date of birth').value).toBe('1980-01-01');
    expect(describedBy(field('Date of birth'))).toBe('Filled in from your ID number.');
    expect(field('South African ID number').getAttribute('aria-invalid')).toBeNull();
  });

  it("checks again with a date of birth the player typed, and shows the casino's age refusal beside it", async () => {
    const { nextCheck, answer, operations } = openRegistration();
    type('Date of birth', '2012-06-01');
    type('South African ID number', '1206015009088');
    const check = await nextCheck();
    expect(check.request.variables).toEqual({
      input: { idNumber: '1206015009088', dateOfBirth: '2012-06-01' },
    });
    await answer(check, {
      valid: false,
      fieldErrors: [{ field: 'dateOfBirth', message: 'You must be 18 or older to register.' }],
      dateOfBirth: '2012-06-01',
    });
    expect(describedBy(field('Date of birth'))).toBe('You must be 18 or older to register.');
    // Leaving the field does not ask again about the same identity (answered checks leave the mock's list).
    fireEvent.blur(field('South African ID number'));
    expect(operations('useCheckIdentityMutation')).toHaveLength(0);
  });

  it('asks a passport holder for the issuing country, and checks the passport with it', async () => {
    const { nextCheck, answer, operations } = openRegistration();
    fireEvent.click(screen.getByRole('radio', { name: 'Passport' }));
    type('Passport number', 'BW1234567');
    // Leaving the number before a country is chosen asks nothing: the casino would read it as an ID number.
    fireEvent.blur(field('Passport number'));
    expect(operations('useCheckIdentityMutation')).toHaveLength(0);
    const country = screen.getByLabelText('Country that issued your passport') as HTMLSelectElement;
    expect([...country.options].some((o) => o.value === 'ZA')).toBe(false);
    fireEvent.change(country, { target: { value: 'BW' } });
    const check = await nextCheck();
    expect(check.request.variables).toEqual({ input: { idNumber: 'BW1234567', passportCountry: 'BW' } });
    await answer(check, {
      valid: false,
      fieldErrors: [{ field: 'passportCountry', message: 'is not a country we know' }],
      dateOfBirth: null,
    });
    expect(describedBy(country)).toBe('is not a country we know');
  });

  it("shows registering's field errors beside their fields and keeps everything typed", async () => {
    const { environment, operations } = openRegistration();
    type('Name', 'Thandi Mokoena');
    type('Email', 'thandi@example.test');
    type('Password', 'correct-horse-9');
    type('Date of birth', '1980-01-01');
    type('South African ID number', '8001015009086');
    await act(async () => {
      fireEvent.submit(field('Name').closest('form')!);
    });
    const [registering] = operations('RegisterMutation');
    expect(registering!.request.variables.input).toMatchObject({
      idNumber: '8001015009086',
      dateOfBirth: '1980-01-01',
      passportCountry: null,
    });
    await act(async () =>
      environment.mock.reject(
        registering!,
        Object.assign(new Error('refused'), {
          errors: [
            {
              message: 'idNumber: is already registered: log in, or contact support if this is not you',
              extensions: {
                code: 'BAD_USER_INPUT',
                fields: {
                  idNumber: ['is already registered: log in, or contact support if this is not you'],
                },
              },
            },
          ],
        }),
      ),
    );
    expect(describedBy(field('South African ID number'))).toMatch(/^is already registered/);
    expect(field('Name').value).toBe('Thandi Mokoena');
    expect(field('Password').value).toBe('correct-horse-9');
    expect(field('South African ID number').value).toBe('8001015009086');
  });

  it("shows a self-excluded identity the casino's message", async () => {
    const { environment, operations } = openRegistration();
    type('Name', 'Thandi Mokoena');
    type('Email', 'new-address@example.test');
    type('Password', 'correct-horse-9');
    type('Date of birth', '1980-01-01');
    type('South African ID number', '8001015009086');
    await act(async () => {
      fireEvent.submit(field('Name').closest('form')!);
    });
    const message =
      'You have excluded yourself from PlayLive until 2027-05-28 10:15. You cannot sign in, deposit or play before then.';
    await act(async () =>
      environment.mock.reject(
        operations('RegisterMutation')[0]!,
        Object.assign(new Error(message), {
          errors: [{ message, extensions: { code: 'SELF_EXCLUDED', resetsAt: '2027-05-28T08:15:00.000Z' } }],
        }),
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(field('Email').value).toBe('new-address@example.test');
  });
});
