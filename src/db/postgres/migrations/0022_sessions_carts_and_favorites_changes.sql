-- Each replica keeps shoppers' sessions, carts and favorites in memory (auth/session.rs,
-- api/answer_cache.rs), as SQLite's one server does: what changes one through another
-- replica must be dropped there too, so it is logged again (step 6 stopped logging carts
-- and favorites while nothing kept them). A shopper's own next request never waits for
-- the log (db/read_your_writes.rs), so these wake nobody: every replica's listener reads
-- them within half a second, and PostgreSQL commits notifying transactions one at a time.
-- A session ended (a sign-out, an account disabled) wakes them: it must end everywhere
-- at once. The log names a session by the first 15 hex digits of its key's hash
-- (db::changes::session_key); a new one is in nobody's memory, so inserts log nothing.
CREATE FUNCTION shopper_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_now record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        row_now := OLD;
    ELSE
        row_now := NEW;
    END IF;
    CASE TG_TABLE_NAME
    WHEN 'sessions' THEN
        INSERT INTO changes (topic, key, wake)
        VALUES ('session', ('x' || left(OLD.key_hash, 15))::bit(60)::bigint, TG_OP = 'DELETE');
    WHEN 'cart_items' THEN
        INSERT INTO changes (topic, key, wake) VALUES ('cart', row_now.user_id, false);
    WHEN 'favorites' THEN
        INSERT INTO changes (topic, key, wake) VALUES ('favorites', row_now.user_id, false);
    WHEN 'products' THEN
        -- Favorites lists show a product's card (name, brand, price, rating, picture),
        -- not its stock: a sale names no shopper who keeps it.
        INSERT INTO changes (topic, key, wake) SELECT 'favorites', user_id, false FROM favorites WHERE product_id = NEW.id;
    END CASE;
    RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
    WHEN (ROW(OLD.state, OLD.expires_at, OLD.user_id) IS DISTINCT FROM ROW(NEW.state, NEW.expires_at, NEW.user_id))
    EXECUTE FUNCTION shopper_changed();
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION shopper_changed();
CREATE TRIGGER cart_items_changed AFTER INSERT OR DELETE ON cart_items FOR EACH ROW EXECUTE FUNCTION shopper_changed();
CREATE TRIGGER favorites_changed AFTER INSERT OR DELETE ON favorites FOR EACH ROW EXECUTE FUNCTION shopper_changed();
CREATE TRIGGER favorites_changed_variant AFTER UPDATE OF variant_id ON favorites FOR EACH ROW
    EXECUTE FUNCTION shopper_changed();
CREATE TRIGGER products_changed_card AFTER UPDATE OF name, brand, price_cents, rating_sum, review_count, archived_at
    ON products FOR EACH ROW
    WHEN (ROW(OLD.name, OLD.brand, OLD.price_cents, OLD.rating_sum, OLD.review_count, OLD.archived_at)
          IS DISTINCT FROM ROW(NEW.name, NEW.brand, NEW.price_cents, NEW.rating_sum, NEW.review_count, NEW.archived_at))
    EXECUTE FUNCTION shopper_changed();
