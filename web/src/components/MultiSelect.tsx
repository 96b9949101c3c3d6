/**
 * Clearable multi-select dropdown: a control showing the chosen values as tags (each removable), a
 * clear-all button, and a menu of checkboxes with a search box for long lists.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon, CloseIcon } from './icons';

export interface Option { value: string; label: string }

export function MultiSelect({ label, options, value, onChange, placeholder = 'Select...', searchable, testId }: {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  searchable?: boolean;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => { if (!root.current?.contains(e.target as Node)) setOpen(false); };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('mousedown', close); document.removeEventListener('keydown', onKey); };
  }, [open]);

  const selected = new Set(value);
  const toggle = (v: string) => onChange(selected.has(v) ? value.filter((x) => x !== v) : [...value, v]);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const shown = query ? options.filter((o) => o.label.toLowerCase().includes(query.toLowerCase())) : options;

  return (
    <div className={`multi-select${open ? ' open' : ''}`} ref={root} data-testid={testId}>
      <span className="field-label" id={labelId}>{label}</span>
      <div style={{ position: 'relative', marginTop: 'var(--space-1)' }}>
        <div className="multi-select-control" role="combobox" aria-labelledby={labelId} aria-expanded={open}
          aria-controls={menuId} tabIndex={0} onClick={() => setOpen((o) => !o)}
          onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); } }}>
          {value.length === 0 && <span className="multi-select-placeholder">{placeholder}</span>}
          {value.map((v) => (
            <span key={v} className="multi-select-tag">
              {labelOf(v)}
              <button type="button" aria-label={`Remove ${labelOf(v)}`}
                onClick={(e) => { e.stopPropagation(); toggle(v); }}>×</button>
            </span>
          ))}
        </div>
        <div className="multi-select-actions">
          {value.length > 0 && (
            <button type="button" aria-label={`Clear ${label}`} onClick={() => onChange([])}><CloseIcon width={16} height={16} /></button>
          )}
          <button type="button" aria-label={`Open ${label}`} tabIndex={-1} onClick={() => setOpen((o) => !o)}>
            <ChevronDownIcon width={16} height={16} />
          </button>
        </div>
        {open && (
          <div className="multi-select-menu" id={menuId} role="listbox" aria-multiselectable="true" aria-labelledby={labelId}>
            {searchable && (
              <input className="multi-select-search" placeholder="Search..." aria-label={`Search ${label}`}
                value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
            )}
            {shown.map((o) => (
              <label key={o.value} className="multi-select-option" role="option" aria-selected={selected.has(o.value)}>
                <input type="checkbox" checked={selected.has(o.value)} onChange={() => toggle(o.value)} />
                {o.label}
              </label>
            ))}
            {shown.length === 0 && <div className="search-status">No options</div>}
          </div>
        )}
      </div>
    </div>
  );
}
