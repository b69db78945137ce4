import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
// The mini build of zod: these rules are fetched with the first screen, where every kilobyte counts.
import { z } from 'zod/mini';

const signInSchema = z.object({
  email: z.email('Enter your email address'),
  password: z.string().check(z.minLength(1, 'Enter your password')),
});

// The password's strength rule is the API's alone: its answer names the field when it says no.
const signUpSchema = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().check(z.minLength(1, 'Choose a password')),
  full_name: z.string().check(z.trim(), z.minLength(1, 'Enter your full name')),
  company: z.string().check(z.trim(), z.minLength(1, 'Enter your company')),
});

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;

export const signInResolver: Resolver<SignInValues> = zodResolver(signInSchema);
export const signUpResolver: Resolver<SignUpValues> = zodResolver(signUpSchema);
