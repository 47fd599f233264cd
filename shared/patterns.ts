// Plain patterns the browser checks without loading zod (~24 kB gzip): sign-in validates with these
// alone, so zod stays off its first load. shared/validation.ts builds its schemas on the same ones.

// Spec §5: no spaces, one @, and a dot in the domain.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
