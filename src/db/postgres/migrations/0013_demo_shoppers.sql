-- Public demos (`market serve --demo`, docs/operating.md#running-a-public-demo): each
-- sign-in with the demo credentials makes an account of its own, a demo shopper, which
-- ends with every row it made at `demo_ends_at` (moved on by the visitor's requests).
-- NULL for every other account. The sweeper and the cap on live demo shoppers read
-- them in the order they end. (SQLite's step 13 does the same.)
ALTER TABLE users ADD COLUMN demo_ends_at bigint;
CREATE INDEX users_demo_by_end ON users (demo_ends_at) WHERE demo_ends_at IS NOT NULL;
