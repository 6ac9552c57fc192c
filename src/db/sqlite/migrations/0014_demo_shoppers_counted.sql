-- How many demo shoppers are alive, kept by the users table's triggers: a demo sign-in
-- checks the cap (`--demo-max`) and /metrics reports the number by reading one row,
-- where counting them walked an index entry per live demo shopper (10,000 by default),
-- inside the one writer, at every sign-in. (PostgreSQL's step 14 does the same.)
CREATE TABLE demo_shoppers_alive (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    live INTEGER NOT NULL CHECK (live >= 0)
);
INSERT INTO demo_shoppers_alive (id, live)
SELECT 1, count(*) FROM users WHERE demo_ends_at IS NOT NULL;

CREATE TRIGGER users_demo_made AFTER INSERT ON users WHEN NEW.demo_ends_at IS NOT NULL BEGIN
    UPDATE demo_shoppers_alive SET live = live + 1 WHERE id = 1;
END;
CREATE TRIGGER users_demo_ended AFTER DELETE ON users WHEN OLD.demo_ends_at IS NOT NULL BEGIN
    UPDATE demo_shoppers_alive SET live = live - 1 WHERE id = 1;
END;
-- No path turns an account into a demo shopper or back; an operator's UPDATE by hand
-- still keeps the number right.
CREATE TRIGGER users_demo_turned AFTER UPDATE OF demo_ends_at ON users
WHEN (OLD.demo_ends_at IS NULL) <> (NEW.demo_ends_at IS NULL) BEGIN
    UPDATE demo_shoppers_alive
    SET live = live + CASE WHEN NEW.demo_ends_at IS NULL THEN -1 ELSE 1 END
    WHERE id = 1;
END;
