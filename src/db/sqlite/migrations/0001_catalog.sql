-- The catalog and the people who review it.

CREATE TABLE departments (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    picture_url TEXT NOT NULL
) STRICT;

CREATE TABLE products (
    id            INTEGER PRIMARY KEY,
    department_id INTEGER NOT NULL REFERENCES departments (id),
    name          TEXT NOT NULL,
    brand         TEXT NOT NULL,
    price_cents   INTEGER NOT NULL CHECK (price_cents > 0),
    description   TEXT NOT NULL,
    -- Kept by the triggers below, so a product's rating is always exact and costs
    -- nothing to read: avgRating = rating_sum / review_count.
    review_count  INTEGER NOT NULL DEFAULT 0,
    rating_sum    INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE INDEX products_by_department ON products (department_id, id);

-- Views of a product's picture; position 0 is the preview image.
CREATE TABLE product_images (
    id         INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products (id),
    position   INTEGER NOT NULL,
    url        TEXT NOT NULL,
    background TEXT NOT NULL,
    UNIQUE (product_id, position)
) STRICT;

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    avatar_url    TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL
) STRICT;

CREATE TABLE reviews (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id),
    product_id  INTEGER NOT NULL REFERENCES products (id),
    rating      INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    UNIQUE (user_id, product_id)
) STRICT;

CREATE INDEX reviews_by_product ON reviews (product_id, created_at);

CREATE TRIGGER reviews_count_insert AFTER INSERT ON reviews BEGIN
    UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
    WHERE id = NEW.product_id;
END;

CREATE TRIGGER reviews_count_delete AFTER DELETE ON reviews BEGIN
    UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE id = OLD.product_id;
END;

CREATE TRIGGER reviews_count_update AFTER UPDATE OF rating, product_id ON reviews BEGIN
    UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE id = OLD.product_id;
    UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
    WHERE id = NEW.product_id;
END;
