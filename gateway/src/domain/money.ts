/** Money is integer cents; outside it is a decimal string ("1500.00") or players' text ("R1,500.00"). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatRands(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  // Thousands by a pattern rather than toLocaleString: ICU costs tens of microseconds a call, on every balance.
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}R${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal rand string from a client ("150", "150.5", "150.50") to cents; null when it is not one. */
export function decimalToCents(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const money = (cents: number) => ({ cents });
