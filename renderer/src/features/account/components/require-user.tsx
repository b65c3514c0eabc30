import type { User } from '@shrinkly/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../api';

interface RequireUserProps {
  children: (user: User) => ReactNode;
}

/** Renders its children for a signed-in user; sends a visitor to `/`. The layout has already waited for the session. */
export function RequireUser({ children }: RequireUserProps) {
  const { user } = useCurrentUser();
  if (!user) return <Navigate to="/" replace />;
  return <>{children(user)}</>;
}
