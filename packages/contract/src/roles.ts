export const ROLES = ['Viewer', 'Producer', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may use the organiser API under /admin. */
export const ORGANISER_ROLES = ['Admin', 'Producer'] as const satisfies readonly Role[];

/** The name of the httpOnly cookie that carries the session token. */
export const SESSION_COOKIE = 'sid';
/** The browser's own random `sessionID` cookie (000 §7): it owns the cart and proves a guest checkout. */
export const CART_SESSION_COOKIE = 'sessionID';
