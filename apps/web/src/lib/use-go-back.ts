import { useNavigate } from 'react-router';

/**
 * Goes one step back in the app's history, or to `fallback` when the page was opened directly
 * (react-router numbers its history entries in `history.state.idx`).
 */
export const useGoBack = (): ((fallback: string) => void) => {
  const navigate = useNavigate();
  return (fallback) => {
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    void (index > 0 ? navigate(-1) : navigate(fallback, { replace: true }));
  };
};
