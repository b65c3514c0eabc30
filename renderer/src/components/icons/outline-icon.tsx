export interface IconProps {
  size?: number;
}

/** A 24×24 stroked outline, decorative: the control or text next to it carries the meaning. */
export function OutlineIcon({ size = 18, d }: IconProps & { d: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none">
      <path d={d} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
