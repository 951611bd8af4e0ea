import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, signUp } from './fixtures';

test.use({ viewport: DESKTOP });

async function saveChat(page: Page, question: string, answer: string) {
  const response = await page.request.post('/api/chats', {
    data: { question, answer },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
}

test('Mis Conversaciones: empty state, groups, favourites, search, delete and reopening on /chat', async ({
  page,
}) => {
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/saved-chats');
  await expect(page.getByRole('heading', { name: 'No tienes conversaciones guardadas' })).toBeVisible();
  await expect(
    page.getByText('Organiza y encuentra fácilmente el historial de tus consultas.'),
  ).toBeVisible();

  await saveChat(
    page,
    '¿Cuándo debo renovar mi DACA si vence el próximo año?',
    'Entre 150 y 120 días antes, con el I-821D.',
  );
  await saveChat(page, 'Quiero pedir asilo', 'Con el formulario I-589 dentro de 1 año.');
  await saveChat(page, '¿Cómo saco un permiso de trabajo?', 'Con el formulario I-765.');
  await page.reload();

  // One day group, collapsed, with its count.
  const today = page.getByRole('button', { name: /Hoy/ });
  await expect(today).toHaveAttribute('aria-expanded', 'false');
  await expect(today).toContainText('3 conversaciones');
  await expect(page.getByRole('article')).toHaveCount(0);
  await today.click();
  await expect(page.getByRole('article')).toHaveCount(3);
  // The title is the question cut to 8 words.
  await expect(
    page.getByRole('heading', { name: '¿Cuándo debo renovar mi DACA si vence el...' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('article')
      .first()
      .getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
  ).toBeVisible();

  // Favourite and unfavourite.
  const asylum = page.getByRole('article', { name: 'Quiero pedir asilo' });
  await asylum.getByRole('button', { name: 'Marcar como favorito' }).click();
  await expect(page.getByText('La conversación se agregó a favoritos')).toBeVisible();
  await expect(asylum.getByRole('button', { name: 'Quitar de favoritos' })).toBeVisible();
  await page.getByRole('button', { name: 'Favoritos', exact: true }).click();
  await expect(page.getByText('Mostrando 1 de 3 conversaciones')).toBeVisible();
  await page.getByRole('button', { name: 'Favoritos', exact: true }).click();
  await asylum.getByRole('button', { name: 'Quitar de favoritos' }).click();
  await expect(page.getByText('La conversación se removió de favoritos')).toBeVisible();

  // Category and search.
  await page.getByLabel('Categoría').selectOption('trabajo');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('Categoría').selectOption('todas');
  await page.getByPlaceholder('Buscar por palabra clave...').fill('I-589');
  await expect(page.getByText('Mostrando 1 de 3 conversaciones')).toBeVisible();
  await page.getByPlaceholder('Buscar por palabra clave...').fill('no existe');
  await expect(page.getByText('No se encontraron conversaciones con los filtros aplicados.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page.getByPlaceholder('Buscar por palabra clave...')).toHaveValue('');
  await page.screenshot({ path: 'test-results/screens/saved-chats-desktop.png', fullPage: true });

  // Delete through the dialog.
  const work = page.getByRole('article', { name: '¿Cómo saco un permiso de trabajo?' });
  await work.getByRole('button', { name: 'Eliminar esta conversación' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Eliminar conversación' });
  await expect(dialog).toContainText(
    '¿Estás seguro de que quieres eliminar esta conversación? Esta acción no se puede deshacer.',
  );
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('La conversación se eliminó correctamente')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);

  // Reopen one on /chat: its exchange in the history.
  await asylum.getByRole('button', { name: 'Expandir conversación' }).click();
  await asylum.getByRole('button', { name: 'Ver conversación completa' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('history').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('history')).toContainText('Con el formulario I-589 dentro de 1 año.');
});

test('days are labelled Ayer and with the date and weekday as time passes', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await saveChat(page, 'Una pregunta de hoy', 'Una respuesta.');
  const now = Date.now();
  await page.clock.setFixedTime(now + 24 * 60 * 60 * 1000);
  await page.goto('/saved-chats');
  await expect(page.getByRole('button', { name: /Ayer/ })).toContainText('1 conversación');
  await page.clock.setFixedTime(now + 8 * 24 * 60 * 60 * 1000);
  await page.reload();
  await expect(
    page.getByRole('button', {
      name: /\d{2}\/\d{2}\/\d{4} (lunes|martes|miércoles|jueves|viernes|sábado|domingo)/,
    }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/saved-chats-mobile.png' });
});
