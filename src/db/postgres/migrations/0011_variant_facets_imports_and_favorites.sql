-- 1. A department's option facets, with no filter ticked, are counted from this index
--    alone: every (name, value) with its rows' places, in the index's order, without
--    reading a product. At a million products Clothing's facets took 1.8 s joined to
--    their products and take about 0.1 s this way; archived products' rows, few, are
--    read through their own index and taken off.
-- 2. A value's place is its share of the way along its option's values, in thousandths
--    (`domain::variants::sold_values`), so the facets' mean places put a glove's S/M
--    between S and XS; counted in steps, S/M was first (0, as XS).
-- 3. The catalog CSV has one row a variant: an import's waiting rows say which variant
--    a row changes and what it sets of it.
-- 4. A favorite keeps the variant chosen when it was favorited (no foreign key, as a
--    cart line's: a variant may go while a favorite holds it). Favorites lists are not
--    kept beside a shared database (schema 6), so nothing is logged of it here.
UPDATE product_option_values o SET value_position =
    (2 * o.value_position + 1) * 500 / json_array_length(p.options::json -> o.option_position::int -> 'values')
FROM products p WHERE p.id = o.product_id;

DROP INDEX product_option_values_by_department;
CREATE INDEX product_option_values_by_department
    ON product_option_values (department_id, name, value, option_position, value_position, product_id);

-- NULL on a product's own row. `variant_sku` NULL keeps the variant's SKU;
-- `variant_price_cents` NULL: the product's price; `options` as the row names them.
ALTER TABLE product_import_rows ADD COLUMN variant_id bigint;
ALTER TABLE product_import_rows ADD COLUMN variant_sku citext;
ALTER TABLE product_import_rows ADD COLUMN variant_price_cents bigint;
ALTER TABLE product_import_rows ADD COLUMN options text;

CREATE INDEX product_import_rows_by_variant ON product_import_rows (import_id, variant_id) WHERE variant_id IS NOT NULL;
CREATE INDEX product_import_rows_by_variant_sku ON product_import_rows (import_id, variant_sku) WHERE variant_sku IS NOT NULL;

ALTER TABLE favorites ADD COLUMN variant_id bigint;
