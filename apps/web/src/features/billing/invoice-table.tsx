import { useState } from 'react';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, type Invoice, type PageSize } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { fromEpochSeconds } from '../../lib/dates.ts';
import { useDates } from '../../lib/use-dates.ts';
import { formatInvoiceAmount } from './billing-formats.ts';
import { useInvoices } from './billing-queries.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

// Spec §4's invoice statuses, copied (type-checked) so this chunk does not pull in the contract's schemas.
const knownStatuses = {
  draft: 'gray',
  open: 'blue',
  paid: 'green',
  uncollectible: 'red',
  void: 'gray',
} as const;
type KnownInvoiceStatus = keyof typeof knownStatuses;
const isKnownStatus = (status: string): status is KnownInvoiceStatus => Object.hasOwn(knownStatuses, status);

/** Spec §2: a row opens Stripe's hosted invoice page in a new tab. */
const openHosted = (invoice: Invoice) => {
  if (invoice.hosted_invoice_url) window.open(invoice.hosted_invoice_url, '_blank', 'noopener,noreferrer');
};

const InvoiceRow = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { formatInvoiceDate } = useDates();
  const number = invoice.number || t('billing.invoices.pending');
  const status = isKnownStatus(invoice.status) ? invoice.status : 'other';
  return (
    <Table.Tr
      onClick={() => openHosted(invoice)}
      style={{ cursor: invoice.hosted_invoice_url ? 'pointer' : undefined }}
    >
      <Table.Td>
        {invoice.hosted_invoice_url ? (
          <Anchor
            href={invoice.hosted_invoice_url}
            target="_blank"
            rel="noopener noreferrer"
            // The row opens it (a click or Enter here reaches the row); the link is how a keyboard gets there.
            onClick={(event) => event.preventDefault()}
            aria-label={t('billing.invoices.open', { number })}
          >
            {number}
          </Anchor>
        ) : (
          number
        )}
      </Table.Td>
      <Table.Td>{formatInvoiceDate(fromEpochSeconds(invoice.created))}</Table.Td>
      <Table.Td>{formatInvoiceAmount(invoice.total, invoice.currency, language)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={status === 'other' ? 'gray' : knownStatuses[status]}>
          {t(`billing.invoices.status.${status}`)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
};

/** Spec §2 "Invoice table": number (or pending), date, amount and status, page by page. */
export const InvoiceTable = ({ subscriptionId }: { subscriptionId: string }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(defaultPageSize);
  const query = useInvoices(subscriptionId, page, pageSize);
  if (query.isPending) return <SectionLoader />;
  if (query.isError)
    return <CallErrorAlert title={t('subscription.invoices.loadError')} error={query.error} />;
  const { invoices, count } = query.data;
  return (
    <AfterFirstPaint fallback={<SectionLoader />}>
      {invoices.length === 0 ? (
        <Text c="dimmed">{t('billing.invoices.empty')}</Text>
      ) : (
        <TableScroll minWidth={420} label={t('billing.invoices.title')}>
          <Table highlightOnHover aria-label={t('billing.invoices.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.invoices.number')}</Table.Th>
                <Table.Th>{t('billing.invoices.date')}</Table.Th>
                <Table.Th>{t('billing.invoices.amount')}</Table.Th>
                <Table.Th>{t('billing.invoices.statusColumn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ListPagination
        page={page}
        pageSize={pageSize}
        total={count}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </AfterFirstPaint>
  );
};
