-- One index where two were: a shopper's uses of a code (the once-per-shopper check) and
-- a shopper's uses (a demo shopper's end) both start with the shopper, so every order
-- that carries a code writes one index entry fewer inside the one writer.
-- (PostgreSQL's step 16 does the same.)
DROP INDEX promotion_uses_by_shopper;
DROP INDEX promotion_uses_by_user;
CREATE INDEX promotion_uses_by_user ON promotion_uses (user_id, promotion_id);
