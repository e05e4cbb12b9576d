/* The header's icons, drawn inline (no icon font to load); decorative, so hidden from screen readers. */
const icon = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
} as const;

export const MenuIcon = () => (
  <svg {...icon}>
    <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
  </svg>
);

export const BellIcon = () => (
  <svg {...icon}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Z" strokeLinejoin="round" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </svg>
);

export const GiftIcon = () => (
  <svg {...icon}>
    <rect x="3" y="8" width="18" height="5" rx="1" />
    <path d="M5 13v8h14v-8M12 8v13M12 8s-1.5-5-4.5-5a2.5 2.5 0 0 0 0 5H12Zm0 0s1.5-5 4.5-5a2.5 2.5 0 0 1 0 5H12Z" />
  </svg>
);
