import classes from './skip-link.module.css';

/** "Skip to main content": hidden until focused, the first stop for keyboard users. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a href={`#${targetId}`} className={classes.skipLink}>
      Skip to main content
    </a>
  );
}
