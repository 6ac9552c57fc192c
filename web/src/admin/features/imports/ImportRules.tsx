import { useId } from 'react';
import { fieldRules } from '../../../api/fieldRules.ts';
import { admin, importer } from '../../styles/classes.ts';
import { fileSize, MAX_CSV_BYTES } from '../../lib/uploads.ts';

const { name, description } = fieldRules.ProductInput;

/** What an import's file holds and how the store reads it, beside the form that sends one. */
export function ImportRules() {
  const headingId = useId();
  return (
    <section className={admin.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>What the file holds</h2>
      <p>
        A CSV file (a spreadsheet saved as CSV) of up to {fileSize(MAX_CSV_BYTES)}, about a million rows: a header row
        first, then one product a row (a product sold in sizes or colours: one row for each of its variants), with the
        columns of the catalog's download:
      </p>
      <dl className={importer.columns}>
        <dt>id, sku</dt>
        <dd>
          A row with a product's id, or its SKU, changes that product; any other row adds a new product (the store makes
          its SKU when the cell is empty).
        </dd>
        <dt>name, brand</dt>
        <dd>
          As in the product editor: a name of {name.min} to {name.max} characters.
        </dd>
        <dt>department</dt>
        <dd>The department's name or its id.</dd>
        <dt>price</dt>
        <dd>In dollars, like 12.99.</dd>
        <dt>stock</dt>
        <dd>A whole number of units, from 0; on a variant's row, the variant's.</dd>
        <dt>status</dt>
        <dd>
          <code>active</code> (on sale; also when empty) or <code>archived</code>.
        </dd>
        <dt>description</dt>
        <dd>
          At least {description.min} characters; put it in double quotes if it holds commas or line breaks.
        </dd>
        <dt>variant_id, variant_sku, options, variant_price</dt>
        <dd>
          Empty on a product's own row. On a variant's row: the variant it changes, its SKU (empty keeps it), its values as
          the download writes them (<code>Size: M; Colour: Navy</code>, or empty), and its own price, at least the
          product's (empty: the product's). A product's rows repeat its other columns alike. New variants, values and
          options are added in the product editor. A file without these four columns is read as one product a row.
        </dd>
      </dl>
      <p>
        The whole file is checked before anything changes: if any row is bad, nothing is changed, and each problem is listed
        by its row (the header is row 1) and column, to fix and import again.
      </p>
    </section>
  );
}
