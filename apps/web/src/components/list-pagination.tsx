import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageSizes, type PageSize } from '@billbridge/contract';
import { pageCount, showingRange } from '../lib/pagination.ts';

type ListPaginationProps = {
  page: number;
  pageSize: PageSize;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
};

const isPageSize = (value: number): value is PageSize => (pageSizes as readonly number[]).includes(value);

/** Spec §2/§9: a page size selector, previous and next, and "showing X to Y of Z results". */
export const ListPagination = ({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
}: ListPaginationProps) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="pagination-summary">
        {t('pagination.showing', showingRange(page, pageSize, total))}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={t('pagination.pageSize')}
          w={90}
          size="xs"
          allowDeselect={false}
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(value) => {
            const size = Number(value);
            if (isPageSize(size)) onPageSizeChange(size);
          }}
        />
        <Pagination
          size="sm"
          total={pageCount(pageSize, total)}
          value={page}
          onChange={onPageChange}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('pagination.previous') : t('pagination.next'),
          })}
        />
      </Group>
    </Group>
  );
};
