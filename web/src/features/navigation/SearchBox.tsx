import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Suggestion } from '../../api/types.ts';
import { formatCount } from '../../lib/counts.ts';
import { cleanWords, MAX_QUERY_LENGTH, parseListing } from '../../lib/listingQuery.ts';
import { paths, to } from '../../lib/paths.ts';
import { useKept } from '../../lib/useKept.ts';
import { useStore } from '../../store/index.ts';
import { suggestionsFor } from '../../store/products.ts';
import styles from './SearchBox.module.css';

/** How long typing must pause before suggestions are asked for. */
const PAUSE_MS = 150;

const groups = [
  { kind: 'department', label: 'Departments' },
  { kind: 'brand', label: 'Brands' },
  { kind: 'product', label: 'Products' },
] as const;

/** Where a suggestion leads. */
function hrefOf(s: Suggestion): string {
  if (s.kind === 'department') return to.department(s.id);
  if (s.kind === 'brand') return to.search(s.name, [s.name]);
  return to.product(s.departmentId, s.id);
}

/**
 * The bar's search box: a WAI-ARIA 1.2 combobox whose list suggests departments, brands
 * and products as the shopper types (after a short pause). ArrowDown and ArrowUp move
 * through the suggestions, Enter opens the highlighted one or else searches for the words,
 * Escape closes the list and a second Escape empties the box.
 */
export function SearchBox() {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const navigate = useNavigate();
  const location = useLocation();

  // On the search page the box shows the words searched for; elsewhere it starts empty.
  const wordsInAddress = location.pathname === paths.search ? parseListing('search', location.search).q : '';
  const [text, setText] = useState(wordsInAddress);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    // A new screen: the box follows the address and the list closes.
    setSeen(location.key);
    setText(wordsInAddress);
    setOpen(false);
    setActive(-1);
  }

  const words = cleanWords(text);
  // The words a search page opened with are asked about only once the shopper turns to
  // the box: a first visit to the results asks the server for nothing but the results.
  const wanted = open || words !== wordsInAddress ? words : '';
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), wanted === '' ? 0 : PAUSE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const listSearchSuggestions = useStore((s) => s.listSearchSuggestions);
  useEffect(() => {
    // A failed suggestion call leaves the box a plain search box.
    if (asked !== '') listSearchSuggestions(asked).catch(() => undefined);
  }, [asked, listSearchSuggestions]);

  // Only the answer for the words in the box now is taken. Until it comes, the last one
  // stays if it was for a start of these words (or these for a start of its), rather than
  // the list blinking at every key; the highlight starts again whenever the list changes.
  const answer = useStore((s) => (words === '' ? undefined : suggestionsFor(s.products, words)));
  const answered = useMemo(() => answer && { words, list: answer }, [answer, words]);
  const kept = useKept(answered, 'box');
  const related = kept !== undefined && (words.startsWith(kept.words) || kept.words.startsWith(words));
  const list = words !== '' && related ? kept.list : undefined;
  const [highlightFor, setHighlightFor] = useState(list);
  if (highlightFor !== list) {
    setHighlightFor(list);
    setActive(-1);
  }
  const options = groups.flatMap((g) => (list ?? []).filter((s) => s.kind === g.kind));
  const expanded = open && options.length > 0;

  const activeOption = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A block body: newer browsers' scrollIntoView returns a promise, which is no clean-up.
    void activeOption.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (s: Suggestion) => {
    close();
    void navigate(hrefOf(s));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (n === 0) return;
        e.preventDefault();
        const down = e.key === 'ArrowDown';
        if (!expanded) {
          setOpen(true);
          if (!e.altKey) setActive(down ? 0 : n - 1);
        } else if (down) setActive(active + 1 >= n ? 0 : active + 1);
        else setActive(active <= 0 ? n - 1 : active - 1);
        return;
      }
      case 'Enter': {
        const chosen = expanded && active >= 0 ? options[active] : undefined;
        if (chosen) {
          e.preventDefault();
          pick(chosen);
        }
        return; // otherwise the form searches for the words
      }
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          close();
        } else if (text !== '') {
          e.preventDefault();
          setText('');
        }
        return;
    }
  };

  let announcement = '';
  if (open && list !== undefined && words !== '')
    announcement = options.length === 0 ? 'No suggestions' : `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}`;

  const numbered = options.map((s, i) => ({ s, i }));
  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        close();
        if (words !== '') void navigate(to.search(words));
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search products
      </label>
      <div className={styles.field}>
        <input
          id={`${id}-input`}
          className={styles.input}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search Market"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          onClick={() => setOpen(true)}
        />
        <button type="submit" className={styles.submit}>
          <SearchIcon />
          <span className="visually-hidden">Search</span>
        </button>
        <div
          id={listboxId}
          role="listbox"
          aria-label="Search suggestions"
          aria-busy={list !== undefined && list !== answer}
          className={styles.listbox}
          hidden={!expanded}
        >
          {groups.map((g) => {
            const members = numbered.filter(({ s }) => s.kind === g.kind);
            if (members.length === 0) return null;
            const labelId = `${id}-${g.kind}`;
            return (
              <div key={g.kind} role="group" aria-labelledby={labelId}>
                <div role="presentation" id={labelId} className={styles.groupLabel}>
                  {g.label}
                </div>
                {members.map(({ s, i }) => (
                  <div
                    key={i}
                    id={optionId(i)}
                    ref={i === active ? activeOption : undefined}
                    role="option"
                    aria-selected={i === active}
                    className={styles.option}
                    onMouseDown={(e) => e.preventDefault()} // keeps the focus in the box
                    onMouseMove={() => i !== active && setActive(i)}
                    onClick={() => pick(s)}
                  >
                    <SuggestionBody suggestion={s} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
    </form>
  );
}

function SuggestionBody({ suggestion: s }: { suggestion: Suggestion }) {
  if (s.kind === 'product')
    return (
      <>
        <img src={s.previewImage} alt="" width={40} height={40} className={styles.thumb} />
        <span className={styles.text}>
          <span className={styles.name}>{s.name}</span>
          <span className={styles.detail}>{s.brand}</span>
        </span>
      </>
    );
  if (s.kind === 'brand')
    return (
      <span className={styles.text}>
        <span className={styles.name}>{s.name}</span>
        <span className={styles.detail}>{formatCount(s.count)} products</span>
      </span>
    );
  return (
    <span className={styles.text}>
      <span className={styles.name}>{s.name}</span>
      <span className={styles.detail}>Department</span>
    </span>
  );
}

function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
