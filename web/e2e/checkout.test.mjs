// Journey 4: fill the cart, check the money as displayed, place the order, find it again
// (docs/rules.md#money, docs/rules.md#orders).
import assert from 'node:assert/strict';
import {
  cardName,
  cartLink,
  cents,
  dollars,
  expectPath,
  figures,
  hasText,
  journey,
  openAccountMenu,
  productCards,
  shown,
  signUpByApi,
} from './harness.mjs';

/** Subtotal, RedCard 5% discount (rounded half up to the cent) and total, in cents, of prices in cents. */
function expectedMoney(prices) {
  const subtotal = prices.reduce((a, b) => a + b, 0);
  const discount = Math.floor((subtotal * 5 + 50) / 100);
  return { subtotal, discount, total: subtotal - discount };
}

/** Asserts an order summary panel shows the expected figures for `count` items. */
async function assertSummary(region, count, money) {
  const shown = await figures(region);
  assert.deepEqual(shown, {
    [`Subtotal (${count} ${count === 1 ? 'item' : 'items'})`]: dollars(money.subtotal),
    'RedCard 5% Discount': `−${dollars(money.discount)}`,
    Delivery: 'Free',
    'Estimated tax': '$0.00',
    Total: dollars(money.total),
  });
}

journey('a shopper fills the cart, checks out, and finds the order in their history', async ({ page, context }) => {
  await signUpByApi(context);
  await page.goto('/departments/5');
  await shown(page.getByRole('link', { name: 'Cart, 0 items' }));

  // One from a department card ('Deliver it')...
  const cards = productCards(page, 'Electronics products');
  const first = cards.nth(2);
  const firstName = await cardName(first);
  await first.getByRole('button', { name: 'Deliver it' }).click();
  await hasText(first.getByRole('status'), `Added ${firstName} to your cart`);
  await shown(page.getByRole('link', { name: 'Cart, 1 item' }));

  // ...and one from a product page ('Add to cart').
  const second = cards.nth(7);
  const secondName = await cardName(second);
  await second.getByRole('link', { name: secondName, exact: true }).click();
  await shown(page.getByRole('heading', { level: 1, name: secondName }));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await hasText(page.getByRole('status').filter({ hasText: 'Added' }), `Added ${secondName} to your cart`);
  await shown(page.getByRole('link', { name: 'Cart, 2 items' }));

  // The cart: both lines with their prices, and the summary computed from them.
  await cartLink(page).click();
  await expectPath(page, '/cart');
  await shown(page.getByRole('heading', { level: 1, name: 'Cart' }));
  await shown(page.getByText('2 items', { exact: true }));
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await shown(lines);
  assert.equal(await lines.count(), 2);
  const prices = [];
  for (const [i, name] of [firstName, secondName].entries()) {
    const line = lines.nth(i);
    await shown(line.getByRole('link', { name, exact: true }));
    await shown(line.getByText('Qty 1'));
    await shown(line.getByRole('button', { name: `Remove ${name} from cart` }));
    prices.push(cents(await line.getByText(/^\$[\d,]+\.\d\d$/).innerText()));
  }
  const money = expectedMoney(prices);
  await assertSummary(page.getByRole('region', { name: 'Order summary' }), 2, money);

  // Checkout: the fixed address and card, the same lines and the same money.
  await page.getByRole('link', { name: 'Check out' }).click();
  await expectPath(page, '/checkout');
  await shown(page.getByRole('heading', { level: 1, name: 'Checkout' }));
  const shipping = page.getByRole('region', { name: 'Shipping address' });
  for (const line of ['Demo Shopper', '1000 Nicollet Mall', 'Minneapolis, MN 55403'])
    await shown(shipping.getByText(line, { exact: true }));
  await shown(page.getByRole('region', { name: 'Payment' }).getByText('RedCard debit ending in 4821'));
  const items = page.getByRole('region', { name: 'Items (2)' });
  await shown(items.getByRole('link', { name: firstName, exact: true }));
  await shown(items.getByRole('link', { name: secondName, exact: true }));
  const summary = page.getByRole('region', { name: 'Order summary' });
  await assertSummary(summary, 2, money);

  await summary.getByRole('button', { name: 'Place your order' }).click();
  await expectPath(page, /^\/order-confirmation\/\d+$/);
  const orderId = Number(/\d+$/.exec(new URL(page.url()).pathname)[0]);

  // The confirmation: thanks, the order number, the money paid and saved, the details.
  await shown(page.getByRole('heading', { level: 1, name: 'Thanks for your order!' }));
  await shown(
    page.getByText(
      `Order #${orderId} is received. You paid ${dollars(money.total)} and saved ${dollars(money.discount)} with your RedCard.`,
    ),
  );
  await assertSummary(page.getByRole('region', { name: 'Payment summary' }), 2, money);
  await assertFacts(page, orderId);
  // The cart is empty now.
  await shown(page.getByRole('link', { name: 'Cart, 0 items' }));

  // The order history lists it; its page shows the same details.
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expectPath(page, '/account/orders');
  await shown(page.getByRole('heading', { level: 1, name: 'Orders' }));
  const entry = page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: new RegExp(` Order #${orderId} `) });
  await shown(entry);
  await hasText(
    entry,
    new RegExp(
      `Received .* Order #${orderId} Ships to Demo Shopper, Minneapolis, MN · Standard delivery 2 items · ${escape(dollars(money.total))} View order$`,
    ),
  );
  await entry.click();
  await expectPath(page, `/orders/${orderId}`);
  await shown(page.getByRole('heading', { level: 1, name: `Order #${orderId}` }));
  await assertFacts(page, orderId);
  const orderItems = page.getByRole('list', { name: `Items of order ${orderId}` });
  await shown(orderItems.getByRole('link', { name: firstName, exact: true }));
  await shown(orderItems.getByRole('link', { name: secondName, exact: true }));
  await assertSummary(page.getByRole('region', { name: 'Payment summary' }), 2, money);

  // The account overview shows it as the latest order.
  await page.goto('/account');
  await shown(page.getByRole('region', { name: 'Latest order' }).getByText(`Order #${orderId} · Received`));

  // Afterwards: an empty cart (also after a reload), and checkout sends the shopper to it.
  await page.goto('/cart');
  await shown(page.getByRole('heading', { name: 'Your cart is empty' }));
  await shown(page.getByRole('link', { name: 'Cart, 0 items' }));
  await page.goto('/checkout');
  await expectPath(page, '/cart');
  await shown(page.getByRole('heading', { name: 'Your cart is empty' }));

  // Another shopper cannot see it: the confirmation sends them home, the details say not found.
  await (await openAccountMenu(page)).getByRole('button', { name: 'Sign Out' }).click();
  await expectPath(page, '/');
  await signUpByApi(context);
  await page.goto(`/order-confirmation/${orderId}`);
  await expectPath(page, '/');
  await page.goto(`/orders/${orderId}`);
  await shown(page.getByRole('heading', { level: 1, name: "We couldn't find that order" }));
});

journey('a shopper removes a line from the cart and the summary follows', async ({ page, context }) => {
  await signUpByApi(context);
  await page.goto('/departments/9');
  const cards = productCards(page, 'Furniture products');
  const names = [];
  for (const i of [0, 1]) {
    names.push(await cardName(cards.nth(i)));
    await cards.nth(i).getByRole('button', { name: 'Deliver it' }).click();
    await shown(page.getByRole('link', { name: `Cart, ${i + 1} ${i === 0 ? 'item' : 'items'}` }));
  }
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await shown(lines);
  await page.getByRole('button', { name: `Remove ${names[0]} from cart` }).click();
  await shown(page.getByRole('link', { name: 'Cart, 1 item' }));
  assert.equal(await lines.count(), 1);
  const price = cents(await lines.first().getByText(/^\$[\d,]+\.\d\d$/).innerText());
  await assertSummary(page.getByRole('region', { name: 'Order summary' }), 1, expectedMoney([price]));
  await page.getByRole('button', { name: `Remove ${names[1]} from cart` }).click();
  await shown(page.getByRole('heading', { name: 'Your cart is empty' }));
  await shown(page.getByRole('link', { name: 'Cart, 0 items' }));
});

/** The facts of an order's details: number, status, address, shipping method and card. */
async function assertFacts(page, orderId) {
  const facts = await figures(page.getByRole('main'));
  assert.equal(facts['Order number'], `#${orderId}`);
  assert.equal(facts.Status, 'Received');
  assert.equal(facts['Ships to'], 'Demo Shopper, 1000 Nicollet Mall, Minneapolis, MN 55403');
  assert.equal(facts.Shipping, 'Standard delivery · 2-4 business days');
  assert.equal(facts['Paid with'], 'RedCard debit ending in 4821');
  assert.match(facts.Placed, /^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
