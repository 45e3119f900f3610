import { expect, test } from '@playwright/test';

test('the page opens with its title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'B-Heap Lab' })).toBeVisible();
});
