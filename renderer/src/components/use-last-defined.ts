import { useState } from 'react';

/**
 * The latest non-null value seen. A dialog opened for a file closes by being given null; showing the last file
 * keeps its content in place while the closing transition plays.
 */
export function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  // Adjusting state during render (React's "storing information from previous renders" pattern): no extra effect pass.
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
