-- A department's option facets, with no filter ticked, are counted from this index
-- alone: every (name, value) with its rows' places, in the index's order, without
-- reading a product. At a million products Clothing's facets took 1.8 s joined to
-- their products and take about 0.1 s this way; archived products' rows, few, are
-- read through their own index and taken off.
DROP INDEX product_option_values_by_department;
CREATE INDEX product_option_values_by_department
    ON product_option_values (department_id, name, value, option_position, value_position, product_id);
