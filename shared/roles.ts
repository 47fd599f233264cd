// What an account may do beyond its own things: members own posts and comments; moderators also act
// on other people's (trust & safety). Stored in users.role.
export const ROLES = ['member', 'moderator'] as const;
export type Role = (typeof ROLES)[number];
