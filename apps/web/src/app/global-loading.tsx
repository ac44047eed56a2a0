import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LoadingOverlay } from '@mantine/core';

type GlobalLoading = {
  isLoading: boolean;
  /** Shows the overlay while `work` runs; nested and parallel calls keep it up until the last ends. */
  track: <T>(work: () => Promise<T>) => Promise<T>;
};

const GlobalLoadingContext = createContext<GlobalLoading | null>(null);

/** The global loading flag of spec §2: while it is up, an overlay covers the whole screen. */
export const GlobalLoadingProvider = ({ children }: { children: ReactNode }) => {
  const [pending, setPending] = useState(0);
  const track = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setPending((count) => count + 1);
    try {
      return await work();
    } finally {
      setPending((count) => count - 1);
    }
  }, []);
  const value = useMemo(() => ({ isLoading: pending > 0, track }), [pending, track]);
  return (
    <GlobalLoadingContext value={value}>
      {children}
      <LoadingOverlay visible={pending > 0} pos="fixed" zIndex={1000} overlayProps={{ blur: 1 }} />
    </GlobalLoadingContext>
  );
};

export const useGlobalLoading = (): GlobalLoading => {
  const value = useContext(GlobalLoadingContext);
  if (!value) throw new Error('useGlobalLoading is used outside GlobalLoadingProvider.');
  return value;
};
