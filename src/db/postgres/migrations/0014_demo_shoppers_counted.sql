-- How many demo shoppers are alive, kept by a trigger on users: a demo sign-in checks
-- the cap (`--demo-max`) and /metrics reports the number by reading one row, where
-- counting them walked an index entry per live demo shopper at every sign-in. The row
-- also puts demo sign-ins through different replicas one after another, which keeps the
-- cap exact across them. (SQLite's step 14 does the same.)
CREATE TABLE demo_shoppers_alive (
    id   integer PRIMARY KEY CHECK (id = 1),
    live bigint NOT NULL CHECK (live >= 0)
);
INSERT INTO demo_shoppers_alive (id, live)
SELECT 1, count(*) FROM users WHERE demo_ends_at IS NOT NULL;

CREATE FUNCTION demo_shoppers_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    change bigint := 0;
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.demo_ends_at IS NOT NULL THEN
        change := change + 1;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.demo_ends_at IS NOT NULL THEN
        change := change - 1;
    END IF;
    IF change <> 0 THEN
        UPDATE demo_shoppers_alive SET live = live + change WHERE id = 1;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER users_demo_counted AFTER INSERT OR DELETE OR UPDATE OF demo_ends_at ON users
    FOR EACH ROW EXECUTE FUNCTION demo_shoppers_counted();
