/** Where the followed items are kept (see follow-store.ts); its version is part of the key. */
export const FOLLOWED_KEY = 'polity.following.v1';

/** Whether anything is followed in this browser; cheap enough for every page's first script. */
export function anythingFollowed(): boolean {
  try {
    return localStorage.getItem(FOLLOWED_KEY) !== null;
  } catch {
    return false;
  }
}
