type LogoProps = { size?: number };

/** The Billbridge mark: a bridge between two shores. Decorative; the product name is text beside it. */
export const Logo = ({ size = 28 }: LogoProps) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
    <path
      d="M5 21h22M8 21v-4a8 8 0 0 1 16 0v4"
      fill="none"
      stroke="#fff"
      strokeWidth="3"
      strokeLinecap="round"
    />
  </svg>
);
