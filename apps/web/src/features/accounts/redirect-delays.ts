import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Spec §9: how long a success message stays before the page moves on. */
export const redirectDelays = {
  afterNameOrPasswordUpdate: 1500,
  afterEmailUpdateOrDeletion: 2000,
  afterInviteOrSettingsSave: 1500,
} as const;

/** Navigates after a delay, unless the page is left first. */
export const useRedirectAfter = (): ((path: string, delayMs: number) => void) => {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (path, delayMs) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate(path), delayMs);
  };
};
