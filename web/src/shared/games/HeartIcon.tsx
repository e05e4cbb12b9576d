/** The favourite heart: filled while the game is a favourite. */
export function HeartIcon({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d="M12 20s-7-4.4-9.3-8.6C1.2 8.6 2.6 5 6 4.5c2-.3 3.6.8 4.4 2.2h3.2c.8-1.4 2.4-2.5 4.4-2.2 3.4.5 4.8 4.1 3.3 6.9C19 15.6 12 20 12 20Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
