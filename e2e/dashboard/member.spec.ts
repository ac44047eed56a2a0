import { expect, test } from '@playwright/test';
import { plainMemberPage, verifiedOwnerWorkspace } from '../support/workspaces.ts';

test('a member holding only access sees the real dashboard, but not the activity log nor the connection pages', async ({
  page,
  browser,
}) => {
  const { id } = await verifiedOwnerWorkspace(page, 'Members Shop');
  const memberPage = await plainMemberPage(page, browser, id, 'Members Shop');
  await memberPage.getByRole('link', { name: 'Members Shop' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/subscription/${id}$`));

  // Every part of the dashboard answers for a member: nothing fails, nothing links to admin pages.
  await expect(memberPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(memberPage.getByRole('region', { name: 'Connected sources' }).getByTestId('count')).toHaveText(
    '0',
  );
  await expect(memberPage.getByRole('region', { name: 'Recent activity' })).toContainText('No activity yet.');
  await expect(memberPage.getByTestId('total-events')).toHaveText('0 events in total');
  await expect(memberPage.getByRole('link', { name: 'Open the activity log' })).toHaveCount(0);
  await expect(memberPage.getByRole('link', { name: 'Add' })).toHaveCount(0);

  for (const path of ['activity', 'sources', 'sources/new', 'destinations', 'destinations/new']) {
    await memberPage.goto(`/subscription/${id}/${path}`);
    const refusal = memberPage.getByRole('alert').filter({ hasText: 'You cannot open this page' });
    await expect(refusal).toContainText('It needs the Administrator permission');
  }
  const navigation = memberPage.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Sources' })).toHaveCount(0);
  await memberPage.context().close();
});
