/**
 * Clearable multi-select dropdown (the ARIA combobox pattern): a control showing the chosen values as
 * tags (each removable), a clear-all button, and a list of options with a search box for long lists.
 * Keyboard: Enter, Space or Arrow Down opens; Arrow Up/Down, Home and End move through the options;
 * Enter (and Space outside the search box) picks or unpicks the active one; Escape closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n/useT';
import { ChevronDownIcon, CloseIcon } from './icons';

export interface Option {
  value: string;
  label: string;
}

export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  searchable,
  testId,
}: {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  searchable?: boolean;
  testId?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const control = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const menuId = useId();
  const optionId = (i: number) => `${menuId}-option-${i}`;

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const selected = new Set(value);
  const toggle = (v: string) => onChange(selected.has(v) ? value.filter((x) => x !== v) : [...value, v]);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const shown = query ? options.filter((o) => o.label.toLowerCase().includes(query.toLowerCase())) : options;
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1));

  const openMenu = () => {
    setActive(0);
    setOpen(true);
  };
  const closeMenu = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) control.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent, inSearch: boolean) => {
    if (!open) {
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
        e.preventDefault();
        openMenu();
      }
      return;
    }
    const move = (to: number) => {
      e.preventDefault();
      setActive(Math.max(0, Math.min(shown.length - 1, to)));
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'Home':
        return inSearch ? undefined : move(0);
      case 'End':
        return inSearch ? undefined : move(shown.length - 1);
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        return closeMenu(true);
      case 'Tab':
        return closeMenu(false);
      case 'Enter':
      case ' ':
        if (e.key === ' ' && inSearch) return;
        e.preventDefault();
        if (shown[activeIndex]) toggle(shown[activeIndex].value);
        return;
    }
  };

  return (
    <div className={`multi-select${open ? ' open' : ''}`} ref={root} data-testid={testId}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <div style={{ position: 'relative', marginTop: 'var(--space-1)' }}>
        <div
          ref={control}
          className="multi-select-control"
          role="combobox"
          aria-labelledby={labelId}
          aria-expanded={open}
          aria-controls={menuId}
          aria-haspopup="listbox"
          tabIndex={0}
          aria-activedescendant={open && !searchable && shown.length ? optionId(activeIndex) : undefined}
          onClick={() => (open ? closeMenu(false) : openMenu())}
          onKeyDown={(e) => onKeyDown(e, false)}
        >
          {value.length === 0 && (
            <span className="multi-select-placeholder">{placeholder ?? t('common.multiSelect.placeholder')}</span>
          )}
          {value.map((v) => (
            <span key={v} className="multi-select-tag">
              {labelOf(v)}
              <button
                type="button"
                aria-label={t('common.multiSelect.remove', { item: labelOf(v) })}
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(v);
                }}
              >
                ×
              </button>
            </span>
          ))}
        </div>
        <div className="multi-select-actions">
          {value.length > 0 && (
            <button type="button" aria-label={t('common.multiSelect.clear', { label })} onClick={() => onChange([])}>
              <CloseIcon width={16} height={16} />
            </button>
          )}
          <button
            type="button"
            aria-label={t('common.multiSelect.open', { label })}
            tabIndex={-1}
            onClick={() => (open ? closeMenu(false) : openMenu())}
          >
            <ChevronDownIcon width={16} height={16} />
          </button>
        </div>
        {open && (
          <div className="multi-select-menu">
            {searchable && (
              <input
                ref={search}
                className="multi-select-search"
                placeholder={t('common.multiSelect.search')}
                aria-label={t('common.multiSelect.searchIn', { label })}
                aria-controls={menuId}
                aria-activedescendant={shown.length ? optionId(activeIndex) : undefined}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={(e) => onKeyDown(e, true)}
              />
            )}
            <div id={menuId} role="listbox" aria-multiselectable="true" aria-labelledby={labelId}>
              {shown.map((o, i) => (
                <div
                  key={o.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={selected.has(o.value)}
                  tabIndex={-1}
                  className={`multi-select-option${i === activeIndex ? ' active' : ''}`}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => toggle(o.value)}
                  // Picking with the mouse leaves focus in the combobox, so the keyboard goes on working.
                  onMouseDown={(e) => e.preventDefault()}
                  onKeyDown={(e) => onKeyDown(e, false)}
                >
                  <span className={`multi-select-check${selected.has(o.value) ? ' checked' : ''}`} aria-hidden="true" />
                  {o.label}
                </div>
              ))}
              {shown.length === 0 && <div className="search-status">{t('common.multiSelect.none')}</div>}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
