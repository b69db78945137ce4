import { Input, Select } from '@kaja/ui';
import { useId } from 'react';
import { MAX_TTL, MIN_TTL, ttlPresets } from './ttl';

type TtlFieldProps = { value: number; onChange: (seconds: number) => void; error?: string | undefined; label?: string };

/** A TTL: one of the presets, or any number of seconds in the allowed range. */
export function TtlField({ value, onChange, error, label = 'TTL' }: TtlFieldProps) {
  const id = useId();
  const preset = ttlPresets.some((option) => option.seconds === value) ? String(value) : 'custom';
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div className="flex gap-2">
        <Select
          aria-label={`${label} preset`}
          value={preset}
          onChange={(event) => {
            if (event.target.value !== 'custom') onChange(Number(event.target.value));
          }}
          className="w-40"
        >
          {ttlPresets.map((option) => (
            <option key={option.seconds} value={option.seconds}>
              {option.label}
            </option>
          ))}
          <option value="custom">Custom</option>
        </Select>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_TTL}
          max={MAX_TTL}
          aria-label={`${label} in seconds`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={Number.isFinite(value) ? value : ''}
          onChange={(event) => onChange(event.target.valueAsNumber)}
          className="w-32"
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
