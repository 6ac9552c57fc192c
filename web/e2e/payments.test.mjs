// Journey: paying by card (docs/rules.md#payments). The checkout offers the stored RedCard
// (the default, with its 5%) or a card typed into the test provider's form; the test
// provider answers Stripe's published test cards as Stripe does. A declined card orders
// nothing and keeps the cart and every choice; the server's line about a field shows at
// that field; an approved card places the order, priced without the RedCard's 5%, and
// the order says how it was paid.
import assert from 'node:assert/strict';
import {
  addAnElectronicsProduct,
  cents,
  dollars,
  eventually,
  expectPath,
  figures,
  gone,
  hasAttribute,
  hasText,
  journey,
  shown,
  signUpByApi,
} from './harness.mjs';

/** The `autocomplete` of the element that has the keyboard's focus: which of the card's fields it is. */
const focusedField = (page) => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'));

/** The message tied to a field (its `aria-describedby`), as the shopper hears it. */
const describedBy = (field) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );

journey('a shopper pays by card: a declined card keeps the cart, an approved one places the order', async ({ page, context, allow }) => {
  allow(402, '/api/orders');
  allow(400, '/api/orders');
  await signUpByApi(context);
  const name = await addAnElectronicsProduct(page);

  await page.goto('/checkout');
  await shown(page.getByRole('heading', { level: 1, name: 'Checkout' }));
  const payment = page.getByRole('region', { name: 'Payment', exact: true });
  const summary = page.getByRole('region', { name: 'Order summary' });

  // At first the RedCard, and its 5% in the figures.
  const redCard = payment.getByRole('radio', { name: /^RedCard debit ending in 4821/ });
  const byCard = payment.getByRole('radio', { name: /^Credit or debit card/ });
  await shown(redCard);
  assert.equal(await redCard.isChecked(), true, 'the RedCard is the default');
  const withRedCard = await figures(summary);
  assert.ok(withRedCard['RedCard 5% Discount'], `the RedCard's line: ${JSON.stringify(withRedCard)}`);
  const subtotal = cents(withRedCard['Subtotal (1 item)']);

  // A card: the quote has no RedCard line, and the total is the subtotal (free delivery,
  // no tax at the store's fixed address).
  await byCard.check();
  const byCardFigures = {
    'Subtotal (1 item)': dollars(subtotal),
    Delivery: 'Free',
    'Estimated tax': '$0.00',
    Total: dollars(subtotal),
  };
  await eventually(async () => assert.deepEqual(await figures(summary), byCardFigures));
  assert.ok(cents(withRedCard.Total) < subtotal, 'the card pays more than the RedCard');

  // The card as a shopper types it: spaced as printed, its brand named, the expiry MM / YY.
  const number = payment.getByLabel('Card number');
  const expiry = payment.getByLabel('Expiry (MM / YY)');
  const cvc = payment.getByLabel('Security code (CVC)');
  await hasAttribute(number, 'autocomplete', 'cc-number');
  await hasAttribute(expiry, 'autocomplete', 'cc-exp');
  await hasAttribute(cvc, 'autocomplete', 'cc-csc');
  await shown(payment.getByText('Test mode: try 4242 4242 4242 4242 with any future date and any CVC.'));
  await number.pressSequentially('4000 0000 0000 0002');
  assert.equal(await number.inputValue(), '4000 0000 0000 0002');
  await shown(payment.getByText('Visa', { exact: true }));
  await expiry.pressSequentially('12/30');
  assert.equal(await expiry.inputValue(), '12 / 30');
  await cvc.pressSequentially('123');

  // Declined: nothing ordered; the reason by the card, tied to its number, which has the
  // focus; the cart, the choice and the figures as they were.
  const place = summary.getByRole('button', { name: 'Place your order' });
  await place.click();
  const declined = payment.getByRole('alert');
  await hasText(declined, 'Your card was declined.');
  await expectPath(page, '/checkout');
  await hasAttribute(number, 'aria-describedby', await declined.getAttribute('id'));
  await eventually(async () => assert.equal(await focusedField(page), 'cc-number'));
  assert.equal(await summary.getByRole('alert').count(), 0, 'the reason is shown by the card only');
  await shown(page.getByRole('link', { name: 'Cart, 1 item' }));
  await shown(page.getByRole('region', { name: 'Items (1)' }).getByRole('link', { name, exact: true }));
  assert.equal(await byCard.isChecked(), true);
  assert.deepEqual(await figures(summary), byCardFigures);

  // A number mistyped and a date gone by: the server names both, each at its field.
  await number.fill('4242 4242 4242 4241');
  await gone(declined);
  await expiry.fill('01/20');
  await place.click();
  await eventually(async () => assert.equal(await describedBy(number), 'Please check the card number.'));
  await eventually(async () => assert.equal(await describedBy(expiry), "This card's expiry date has passed."));
  await hasAttribute(number, 'aria-invalid', 'true');
  await hasAttribute(expiry, 'aria-invalid', 'true');
  assert.equal(await cvc.getAttribute('aria-invalid'), null);
  await eventually(async () => assert.equal(await focusedField(page), 'cc-number'));
  assert.equal(await summary.getByRole('alert').count(), 0, 'the lines are shown at their fields only');
  await shown(page.getByRole('link', { name: 'Cart, 1 item' }));

  // Approved.
  await number.fill('4242 4242 4242 4242');
  await expiry.fill('12/30');
  await eventually(async () => assert.equal(await number.getAttribute('aria-invalid'), null));
  await place.click();
  await expectPath(page, /^\/order-confirmation\/\d+$/);
  const orderId = Number(/\d+$/.exec(new URL(page.url()).pathname)[0]);

  // The confirmation: the card's total, nothing saved, how it was paid.
  await shown(page.getByRole('heading', { level: 1, name: 'Thanks for your order!' }));
  await shown(page.getByText(`Order #${orderId} is received. You paid ${dollars(subtotal)}.`));
  await assertPaidByCard(page, byCardFigures);
  await shown(page.getByRole('link', { name: 'Cart, 0 items' }));

  // The order's page says the same.
  await page.goto(`/orders/${orderId}`);
  await shown(page.getByRole('heading', { level: 1, name: `Order #${orderId}` }));
  await assertPaidByCard(page, byCardFigures);
});

/** An order's details: paid by the Visa ending in 4242, its money where it stands, the figures of the card's quote. */
async function assertPaidByCard(page, byCardFigures) {
  const facts = await figures(page.getByRole('main'));
  assert.equal(facts['Paid with'], 'Visa ending in 4242');
  // Placed, the payment is authorized; captured right after, it is paid.
  assert.match(facts['Payment status'], /^(Authorized|Paid)$/);
  assert.equal(facts['RedCard 5% Discount'], undefined, 'no RedCard 5% for a card');
  assert.deepEqual(await figures(page.getByRole('region', { name: 'Payment summary' })), byCardFigures);
}
