import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { FunctionInput } from '@billbridge/contract';
import { call } from '../../lib/call.ts';

export type AuditQuery = Omit<FunctionInput<'listAuditLog'>, 'subscriptionId'>;
export type AuditExportQuery = Omit<FunctionInput<'exportAuditLog'>, 'subscriptionId'>;

export const useAuditLog = (subscriptionId: string, query: AuditQuery) =>
  useQuery({
    queryKey: ['audit-log', subscriptionId, query],
    queryFn: ({ signal }) => call('listAuditLog', { subscriptionId, ...query }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Saves a file the browser was handed, under its name. */
const saveFile = (filename: string, text: string, type: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** The filtered log as a CSV download. */
export const useAuditExport = (subscriptionId: string) =>
  useMutation({
    mutationFn: (query: AuditExportQuery) => call('exportAuditLog', { subscriptionId, ...query }),
    onSuccess: ({ filename, csv }) => saveFile(filename, csv, 'text/csv;charset=utf-8'),
  });

export const useMySecurityEvents = () =>
  useQuery({
    queryKey: ['security-events'],
    queryFn: ({ signal }) => call('listMySecurityEvents', { pageSize: 20 }, { signal }),
    staleTime: 0,
  });
