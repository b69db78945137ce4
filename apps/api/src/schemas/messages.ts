import { z } from 'zod';

/** `full_name` -> `Full name`, `scopes.2` -> `Scopes`. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((part) => typeof part === 'string');
  if (last === undefined) return 'Value';
  const words = String(last)
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/**
 * Human messages for request validation, e.g. "Email is required", "Password must be at least 10 characters".
 * A schema can still give its own message (`z.string({ error: 'Record type is required' })`), which wins.
 */
export function installValidationMessages(): void {
  z.config({
    customError: (issue) => {
      const label = fieldLabel(issue.path ?? []);
      switch (issue.code) {
        case 'invalid_type':
          if (issue.input === undefined || issue.input === null) return `${label} is required`;
          return `${label} must be ${typeNames[issue.expected] ?? issue.expected}`;
        case 'too_small':
          if (issue.origin === 'string') return issue.minimum === 1 ? `${label} must not be empty` : `${label} must be at least ${issue.minimum} characters`;
          if (issue.origin === 'array') return `${label} must have at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`;
          return `${label} must be at least ${issue.minimum}`;
        case 'too_big':
          if (issue.origin === 'string') return `${label} must be at most ${issue.maximum} characters`;
          if (issue.origin === 'array') return `${label} must have at most ${issue.maximum} items`;
          return `${label} must be at most ${issue.maximum}`;
        case 'invalid_format':
          if (issue.format === 'email') return `${label} must be a valid email address`;
          if (issue.format === 'uuid') return `${label} must be a valid id`;
          if (issue.format === 'datetime') return `${label} must be an ISO 8601 date and time`;
          return `${label} has an invalid format`;
        case 'invalid_value':
          if (issue.input === undefined || issue.input === null) return `${label} is required`;
          return `${label} must be one of ${issue.values.map(String).join(', ')}`;
        case 'invalid_union':
          if (issue.input === undefined || issue.input === null) return `${label} is required`;
          return `${label} has an invalid type`;
        case 'unrecognized_keys':
          return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
        default:
          return undefined;
      }
    },
  });
}

/** Zod issues -> `details` keyed by field path (`scopes.1`), first message per field. */
export function detailsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    details[key] ??= issue.message;
  }
  return details;
}
