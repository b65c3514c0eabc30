interface BrandMarkProps {
  size?: number;
}

/** Shrinkly's mark: four arrows pressing a square. Decorative; the brand name is always written next to it. */
export function BrandMark({ size = 32 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-6)" />
      <path d="M9 9l5 5M23 9l-5 5M9 23l5-5M23 23l-5-5" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="13" y="13" width="6" height="6" rx="1.5" fill="#fff" />
    </svg>
  );
}
