import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';

import { useEndpoint } from '../hooks/use-endpoint.ts';
import { withEndpoint } from '../lib/chain/endpoint.ts';
import type { SearchQuery } from '../lib/text/search-query.ts';
import classes from './header-search.module.css';

/** Where a query goes at once, when it names one thing; everything else goes to the results page. */
function directTarget(query: SearchQuery): string | null {
  if (query.kind === 'group') return `/groups/${query.id}`;
  if (query.kind === 'proposal') return `/proposals/${query.id}`;
  if (query.kind === 'address') return query.policy ? `/policies/${query.address}` : `/voters/${query.address}`;
  return null;
}

// The parser (and the bech32 code it checks addresses with) loads when the field is first used,
// not with every page's first script.
const loadParser = () => import('../lib/text/search-query.ts');

/** Whether a key press belongs to something the reader is typing into. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.role === 'textbox');

function MagnifierIcon() {
  return (
    <svg aria-hidden width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="7" cy="7" r="5" />
      <path d="M11 11l3.5 3.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The search field in every page's header, a search landmark: `/` brings it into focus (unless
 * the reader is typing somewhere). An exact id (p12, g12) or a whole address opens its page; any
 * other text opens the results at /search?q=…. On phones it is an icon that opens the field in a
 * row under the header, so the header stays one line.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const endpoint = useEndpoint();
  const input = useRef<HTMLInputElement>(null);
  const shownQuery = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  // The page the field is on: pages replace their own URL's other parameters (tabs, filters) as
  // they are used, which must neither clear what is being typed nor close the field.
  const page = `${location.pathname}?${shownQuery}`;
  // What the reader typed here, until they go to another page; else the query of the results shown.
  const [draft, setDraft] = useState<{ at: string; value: string } | null>(null);
  const value = draft?.at === page ? draft.value : shownQuery;
  // Phones: open for the pages it was opened on, so following a result closes it.
  const [openAt, setOpenAt] = useState<readonly string[]>([]);
  const open = openAt.includes(page);

  useEffect(() => {
    const focusOnSlash = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      event.preventDefault();
      flushSync(() => setOpenAt([page]));
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', focusOnSlash);
    return () => document.removeEventListener('keydown', focusOnSlash);
  }, [page]);

  const submit = async () => {
    const text = value.trim();
    if (text === '') return;
    const { parseSearch } = await loadParser();
    const direct = directTarget(parseSearch(text));
    // Phones: the field stays open, here and above its results, and keeps the focus, so the arrow
    // keys go on down into them (closed for a moment, the focused field would vanish and leave the
    // focus nowhere).
    if (direct === null) setOpenAt([page, `/search?${text}`]);
    await navigate(withEndpoint(direct ?? `/search?q=${encodeURIComponent(text)}`, endpoint));
  };

  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      // From the field down into the results shown under it.
      const first = document.querySelector<HTMLElement>('[data-search-result]');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Escape' && open) {
      setOpenAt([]);
    }
  };

  return (
    <form
      role="search"
      aria-label="Search Polity"
      className={classes.search}
      data-open={open}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <button
        type="button"
        className={classes.toggle}
        aria-expanded={open}
        aria-controls="header-search-field"
        aria-label="Search"
        title="Search (/)"
        onClick={() => {
          flushSync(() => setOpenAt(open ? [] : [page]));
          if (!open) input.current?.focus();
        }}
      >
        <MagnifierIcon />
      </button>
      <div className={classes.field} id="header-search-field">
        <label htmlFor="header-search-input" className={classes.hidden}>
          Search groups, proposals and addresses
        </label>
        <input
          ref={input}
          id="header-search-input"
          className={classes.input}
          type="search"
          name="q"
          value={value}
          onChange={(event) => setDraft({ at: page, value: event.currentTarget.value })}
          onKeyDown={onFieldKey}
          onFocus={() => void loadParser()}
          placeholder="p12, #12, cosmos1…, names"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-keyshortcuts="/"
          aria-describedby="header-search-hint"
        />
        <span id="header-search-hint" className={classes.hidden}>
          p12 for a proposal, g12 for a group, #12 for either, an address or its start, or words. Slash comes back here.
        </span>
        <kbd className={classes.key} aria-hidden>
          /
        </kbd>
        <button type="submit" className={classes.submit} aria-label="Show results">
          <MagnifierIcon />
        </button>
      </div>
    </form>
  );
}
