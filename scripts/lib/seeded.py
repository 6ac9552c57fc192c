"""The seed catalog as the load, crash, fault and cluster scripts pick from it."""

# The seeded products sold by variant (sizes, colours: src/db/seed/options.rs): a cart
# line of one names a variant, which these scripts do not choose. A Rust test
# (`db::seed::options`) checks this list against the seed.
WITH_OPTIONS = frozenset([25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 52, 54, 58, 59, 139, 143])

# The products the seed stocks by the hundred and sells as one thing
# (`domain::stock::seeded`): the few it leaves sold out or nearly (id % 29 == 12,
# id % 13 == 3) are refused in carts or orders once gone, which this load is not about.
IN_STOCK = [p for p in range(1, 157) if p % 29 != 12 and p % 13 != 3 and p not in WITH_OPTIONS]
