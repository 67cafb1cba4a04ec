import { useId } from 'react';

interface SearchInputProps {
  /** Read out as the box's name and shown as its placeholder. */
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  maxLength: number;
}

/** A search box whose name is its placeholder: the label is for screen readers only. */
export function SearchInput({ label, text, onTextChange, maxLength }: SearchInputProps) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={label}
        autoComplete="off"
        // A name or words in a right-to-left script read from the right as they are typed.
        dir="auto"
        className="field-input"
        onChange={(event) => onTextChange(event.target.value)}
      />
    </>
  );
}
