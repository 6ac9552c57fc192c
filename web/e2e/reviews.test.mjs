// Journey 5: write, edit and delete a review, with the form's rules, and watch the
// product's rating and count follow (docs/rules.md#reviews, docs/rules.md#field-rules).
import assert from 'node:assert/strict';
import {
  appStarted,
  cardName,
  eventually,
  expectPath,
  gone,
  hasAttribute,
  hasText,
  journey,
  productCards,
  shown,
  signUpByApi,
} from './harness.mjs';

const rating = (page) => page.getByRole('img', { name: /out of 5 stars, \d+ reviews?$/ }).first();

journey('a shopper writes, edits and deletes a review, and the product\'s rating follows', async ({ page, context }) => {
  const shopper = await signUpByApi(context);

  // A product nobody has reviewed yet, so its rating is exactly this shopper's.
  await page.goto('/departments/5');
  // Clicked once the app has taken the first screen over, so the link is the app's: a
  // link of the server's markup loads a new document, which cuts the app's first requests.
  await appStarted(page);
  const unreviewed = productCards(page, 'Electronics products').filter({
    has: page.getByRole('img', { name: /, 0 reviews$/ }),
  });
  await shown(unreviewed);
  const name = await cardName(unreviewed.first());
  await unreviewed.first().getByRole('link', { name, exact: true }).click();
  await shown(page.getByRole('heading', { level: 1, name }));
  const productPath = new URL(page.url()).pathname;
  const productId = Number(/\d+$/.exec(productPath)[0]);
  await hasAttribute(rating(page), 'aria-label', '0.0 out of 5 stars, 0 reviews');
  await shown(page.getByText('No reviews yet. Be the first to tell other guests what you think.'));

  // The form's rules: messages as the shopper types, and no submitting while one shows.
  await page.getByRole('link', { name: 'Write a review' }).click();
  await expectPath(page, `/products/${productId}/add-review`);
  await shown(page.getByRole('heading', { level: 1, name: 'Write a review' }));
  const submit = page.getByRole('button', { name: 'Submit review' });
  const title = page.getByLabel('Title');
  const text = page.getByLabel('Review');
  await hasAttribute(page.getByRole('radio', { name: '5 stars, Excellent' }), 'aria-label', '5 stars, Excellent');
  assert.equal(await page.getByRole('radio', { name: '5 stars, Excellent' }).isChecked(), true, 'the rating starts at 5');

  await title.fill('Good');
  await shown(page.getByText('Please write a longer title.'));
  await hasAttribute(submit, 'disabled', '');
  await title.fill('x'.repeat(51));
  await shown(page.getByText('Please write a shorter title.'));
  await title.fill('Sharp picture, easy setup');
  await gone(page.getByText(/Please write a (longer|shorter) title\./));
  await text.fill('Too short.');
  await shown(page.getByText('Please write a longer description.'));
  await hasAttribute(submit, 'disabled', '');
  await text.fill('y'.repeat(256));
  await shown(page.getByText('Please write a shorter description.'));
  await hasAttribute(submit, 'disabled', '');
  await text.fill('It arrived quickly and works well. I would buy it again.');
  await gone(page.getByText(/Please write a (longer|shorter) description\./));
  await hasAttribute(submit, 'disabled', null);

  await page.getByRole('radio', { name: '4 stars, Very good' }).check();
  await submit.click();
  await expectPath(page, productPath);
  const reviews = page.getByRole('region', { name: 'Guest ratings & reviews' });
  await shown(reviews.getByRole('heading', { name: 'Sharp picture, easy setup' }));
  await shown(reviews.getByText(`${shopper.firstName} ${shopper.lastName[0]}.`, { exact: false }));
  await hasAttribute(rating(page), 'aria-label', '4.0 out of 5 stars, 1 review');
  await shown(reviews.getByText('1 star rating', { exact: true }));
  await gone(page.getByRole('link', { name: 'Write a review' }));

  // One review per product: the add-review page now opens the edit form.
  await page.goto(`/products/${productId}/add-review`);
  await expectPath(page, /^\/reviews\/\d+\/edit$/);
  await shown(page.getByRole('heading', { level: 1, name: 'Edit your review' }));
  assert.equal(await page.getByLabel('Title').inputValue(), 'Sharp picture, easy setup');
  assert.equal(await page.getByRole('radio', { name: '4 stars, Very good' }).isChecked(), true);

  // Someone else's review cannot be edited here.
  const editPath = new URL(page.url()).pathname;
  await page.goto('/reviews/1/edit');
  await shown(page.getByRole('heading', { level: 1, name: "We couldn't find that review" }));
  await page.goto(editPath);
  await shown(page.getByRole('heading', { level: 1, name: 'Edit your review' }));

  // Edit: two stars and a new title; the list of the shopper's reviews shows it.
  await page.getByRole('radio', { name: '2 stars, Fair' }).check();
  await page.getByLabel('Title').fill('Stopped working after a week');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectPath(page, '/account/reviews');
  await shown(page.getByRole('heading', { level: 1, name: 'Your reviews' }));
  await shown(page.getByRole('heading', { name: 'Stopped working after a week' }));
  await gone(page.getByRole('heading', { name: 'Sharp picture, easy setup' }));

  await page.getByRole('link', { name, exact: true }).click();
  await expectPath(page, productPath);
  await hasAttribute(rating(page), 'aria-label', '2.0 out of 5 stars, 1 review');
  await shown(page.getByRole('region', { name: 'Guest ratings & reviews' }).getByRole('heading', { name: 'Stopped working after a week' }));

  // Delete, after confirming in a dialog ('Keep it' first keeps it).
  await page.goto('/account/reviews');
  await page.getByRole('button', { name: `Delete review of ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this review?' });
  await shown(confirm.getByText(`Your review of ${name} will be removed for good.`));
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await gone(confirm);
  await shown(page.getByRole('heading', { name: 'Stopped working after a week' }));
  await page.getByRole('button', { name: `Delete review of ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete review' }).click();
  await shown(page.getByRole('heading', { name: 'No reviews yet' }));

  await page.goto(productPath);
  await hasAttribute(rating(page), 'aria-label', '0.0 out of 5 stars, 0 reviews');
  await shown(page.getByText('No reviews yet. Be the first to tell other guests what you think.'));
  await shown(page.getByRole('link', { name: 'Write a review' }));
  await hasText(page.getByRole('region', { name: 'Guest ratings & reviews' }).getByText(/star ratings?$/), '0 star ratings');
});

journey("a review of a product with other reviews moves its average and count", async ({ page, context }) => {
  await signUpByApi(context);
  await page.goto('/departments/5');
  // Clicked once the app has taken the first screen over, so the link is the app's: a
  // link of the server's markup loads a new document, which cuts the app's first requests.
  await appStarted(page);
  const reviewed = productCards(page, 'Electronics products').filter({
    has: page.getByRole('img', { name: /, ([2-9]|\d\d+) reviews$/ }),
  });
  await shown(reviewed);
  const name = await cardName(reviewed.first());
  await reviewed.first().getByRole('link', { name, exact: true }).click();
  await shown(page.getByRole('heading', { level: 1, name }));
  const before = /^(\d\.\d) out of 5 stars, (\d+) reviews$/.exec(await rating(page).getAttribute('aria-label'));
  assert.ok(before);
  const count = Number(before[2]);

  await page.getByRole('link', { name: 'Write a review' }).click();
  await page.getByRole('radio', { name: '1 star, Poor' }).check();
  await page.getByLabel('Title').fill('Not for me');
  await page.getByLabel('Review').fill('It did not fit the space I had in mind for it.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await shown(page.getByRole('heading', { level: 1, name }));

  // One more review, and a lower average: the old one (shown rounded to 0.1) pulled
  // toward one star by one review in count + 1.
  const after = await eventually(async () => {
    const label = await rating(page).getAttribute('aria-label', { timeout: 1_000 });
    const match = /^(\d\.\d) out of 5 stars, (\d+) reviews$/.exec(label ?? '');
    assert.equal(match?.[2], String(count + 1), `the rating reads ${label}`);
    return Number(match[1]);
  });
  const old = Number(before[1]);
  const low = ((old - 0.05) * count + 1) / (count + 1) - 0.05;
  const high = ((old + 0.05) * count + 1) / (count + 1) + 0.05;
  assert.ok(after >= low && after <= high, `average ${after} should be within [${low}, ${high}] (was ${old} of ${count})`);
  assert.ok(after < old, `average ${after} should have dropped below ${old}`);
});
