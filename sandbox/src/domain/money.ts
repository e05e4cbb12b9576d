/** Money is integer cents inside the sandbox and a two-decimal rand string outside ("150.00"). */

const RANDS = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Parses an amount in rands (number or string, at most two decimals) into cents; null when it is not one. */
export function randsToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = RANDS.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount as players read it in the casino's own texts (notifications, the payment page): "R8,750.00". */
export function formatRands(cents: number): string {
  const [whole, fraction] = formatCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}R${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
