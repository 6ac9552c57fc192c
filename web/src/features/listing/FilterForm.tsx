import { useId, useState } from 'react';
import type { Department, Facets } from '../../api/types.ts';
import { formatCount } from '../../lib/counts.ts';
import { toggleBrand, toggleOption, withChoice, type ListingQuery } from '../../lib/listingQuery.ts';
import { optionGroups, type OptionGroup } from '../../lib/optionFacets.ts';
import { priceLabel, ratingLabel } from './labels.ts';
import styles from './listing.module.css';

/** Brands shown before "Show all". */
const FIRST_BRANDS = 8;
/** An option's values shown before "Show all". */
const FIRST_VALUES = 8;

interface Props {
  query: ListingQuery;
  /** The counts for the current filters; undefined until the first answer. */
  facets: Facets | undefined;
  /** Search only: the departments to narrow the search to. */
  departments?: Department[];
  onChoose: (next: ListingQuery) => void;
}

/**
 * The filters beside the results (or in the phone's filter panel): department, brands
 * (any of those ticked), each option's values (Size, Colour…: any of an option's values
 * ticked, for every option with one ticked), a price band, a rating floor and "in stock",
 * each with how many products it would show. Every choice applies at once.
 */
export function FilterForm({ query, facets, departments, onChoose }: Props) {
  const id = useId();
  const [allBrands, setAllBrands] = useState(false);

  // A brand ticked in the address is always listed, even when the answer has not named it.
  const brands = [...(facets?.brands ?? [])];
  for (const name of query.brands) if (!brands.some((b) => b.name === name)) brands.push({ name, count: 0 });
  // The first few, and any ticked one further down.
  const shownBrands = allBrands ? brands : brands.filter((b, i) => i < FIRST_BRANDS || query.brands.includes(b.name));

  const priceSet = query.minPrice !== undefined || query.maxPrice !== undefined;
  const bands = facets?.prices ?? [];
  const bandChosen = bands.some((b) => isChosenBand(query, b.min, b.max));

  const ratings = facets?.ratings ?? [];
  const options = optionGroups(facets, query);

  return (
    <div className={styles.filters}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Availability</legend>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={query.inStock === true}
            onChange={(e) => onChoose(withChoice(query, { inStock: e.target.checked ? true : undefined }))}
          />
          <span className={styles.choiceName}>In stock</span>
          {facets && <span className={styles.count}>({formatCount(facets.inStock)})</span>}
        </label>
      </fieldset>
      {departments && departments.length > 0 && (
        <div className={styles.group}>
          <label htmlFor={`${id}-department`} className={styles.legend}>
            Department
          </label>
          <select
            id={`${id}-department`}
            className={styles.select}
            value={query.department ?? ''}
            onChange={(e) =>
              onChoose(withChoice(query, { department: e.target.value === '' ? undefined : Number(e.target.value) }))
            }
          >
            <option value="">All departments</option>
            {departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
      )}

      {brands.length > 0 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Brand</legend>
          <ul role="list" className={styles.choices}>
            {shownBrands.map((b) => (
              <li key={b.name}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={query.brands.includes(b.name)}
                    onChange={() => onChoose(toggleBrand(query, b.name))}
                  />
                  <span className={styles.choiceName}>{b.name}</span>
                  <span className={styles.count}>({formatCount(b.count)})</span>
                </label>
              </li>
            ))}
          </ul>
          {brands.length > FIRST_BRANDS && (
            <button type="button" className={styles.more} aria-expanded={allBrands} onClick={() => setAllBrands(!allBrands)}>
              {allBrands ? 'Show fewer brands' : `Show all ${brands.length} brands`}
            </button>
          )}
        </fieldset>
      )}

      {options.map((group) => (
        <OptionFilter key={group.name} group={group} query={query} onChoose={onChoose} />
      ))}

      {(bands.length > 0 || priceSet) && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Price</legend>
          <ul role="list" className={styles.choices}>
            <li>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-price`}
                  checked={!priceSet}
                  onChange={() => onChoose(withChoice(query, { minPrice: undefined, maxPrice: undefined }))}
                />
                <span className={styles.choiceName}>Any price</span>
              </label>
            </li>
            {bands.map((b) => (
              <li key={b.min}>
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name={`${id}-price`}
                    checked={isChosenBand(query, b.min, b.max)}
                    onChange={() =>
                      onChoose(withChoice(query, { minPrice: b.min > 0 ? b.min : undefined, maxPrice: b.max ?? undefined }))
                    }
                  />
                  <span className={styles.choiceName}>{priceLabel(b.min, b.max ?? undefined)}</span>
                  <span className={styles.count}>({formatCount(b.count)})</span>
                </label>
              </li>
            ))}
            {priceSet && !bandChosen && (
              // A range typed into the address rather than chosen here.
              <li>
                <label className={styles.choice}>
                  <input type="radio" name={`${id}-price`} checked readOnly />
                  <span className={styles.choiceName}>{priceLabel(query.minPrice, query.maxPrice)}</span>
                </label>
              </li>
            )}
          </ul>
        </fieldset>
      )}

      {(ratings.length > 0 || query.minRating !== undefined) && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Customer rating</legend>
          <ul role="list" className={styles.choices}>
            <li>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-rating`}
                  checked={query.minRating === undefined}
                  onChange={() => onChoose(withChoice(query, { minRating: undefined }))}
                />
                <span className={styles.choiceName}>Any rating</span>
              </label>
            </li>
            {ratings.map((r) => (
              <li key={r.min}>
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    checked={query.minRating === r.min}
                    onChange={() => onChoose(withChoice(query, { minRating: r.min }))}
                  />
                  <span className={styles.choiceName}>
                    <Stars count={r.min} />
                    {ratingLabel(r.min)}
                  </span>
                  <span className={styles.count}>({formatCount(r.count)})</span>
                </label>
              </li>
            ))}
            {query.minRating !== undefined && !ratings.some((r) => r.min === query.minRating) && (
              <li>
                <label className={styles.choice}>
                  <input type="radio" name={`${id}-rating`} checked readOnly />
                  <span className={styles.choiceName}>{ratingLabel(query.minRating)}</span>
                </label>
              </li>
            )}
          </ul>
        </fieldset>
      )}
    </div>
  );
}

interface OptionFilterProps {
  group: OptionGroup;
  query: ListingQuery;
  onChoose: (next: ListingQuery) => void;
}

/**
 * One option's values (Size: S, M, L…), as the brands are: any of those ticked. A value
 * that would show nothing is left out unless it is ticked (lib/optionFacets.ts).
 */
function OptionFilter({ group, query, onChoose }: OptionFilterProps) {
  const [all, setAll] = useState(false);
  // The first few, and any ticked one further down.
  const shown = all ? group.values : group.values.filter((v, i) => i < FIRST_VALUES || v.chosen);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{group.name}</legend>
      <ul role="list" className={styles.choices}>
        {shown.map((v) => (
          <li key={v.value}>
            <label className={styles.choice}>
              <input type="checkbox" checked={v.chosen} onChange={() => onChoose(toggleOption(query, group.name, v.value))} />
              <span className={styles.choiceName}>{v.value}</span>
              <span className={styles.count}>({formatCount(v.count)})</span>
            </label>
          </li>
        ))}
      </ul>
      {group.values.length > FIRST_VALUES && (
        <button type="button" className={styles.more} aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show fewer ${group.name} values` : `Show all ${group.values.length} ${group.name} values`}
        </button>
      )}
    </fieldset>
  );
}

/** Whether the address's price range is this band (a band from 0 has no minimum). */
export function isChosenBand(query: ListingQuery, min: number, max: number | null | undefined): boolean {
  return (query.minPrice ?? 0) === min && query.maxPrice === (max ?? undefined);
}

function Stars({ count }: { count: number }) {
  const full = Math.round(count);
  return (
    <span className={styles.stars} aria-hidden="true">
      {'★'.repeat(full)}
      <span className={styles.starsEmpty}>{'★'.repeat(Math.max(0, 5 - full))}</span>
    </span>
  );
}
