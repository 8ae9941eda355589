/**
 * What the users module offers the other modules (issue 14 item 8): Staff accounts: finding one by e-mail and updating it (sign-in, study access).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { findUserByEmail, type UserRow, updateUser } from './repo';
